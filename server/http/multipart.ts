import type { z } from 'zod';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE } from '@/contract/fields';
import { AppError, badRequest } from '@/domain/errors';
import { ValidationError, zodValidationError } from './validation-error';
import { NUL_ISSUE, containsNul } from '@/contract/common';
import { FormLimitError, type FormReader, type HostRequest } from './host';

/** A checked image, still in memory; it reaches the disk only after all validation passed. */
export type Photo = { bytes: Buffer; extension: 'png' | 'jpg'; contentType: 'image/png' | 'image/jpeg' };

export const photoTooLarge = () => new AppError(400, 'PHOTO_TOO_LARGE', PHOTO_TOO_LARGE_MESSAGE);
export const photoTypeNotAllowed = () => new AppError(400, 'PHOTO_TYPE_NOT_ALLOWED', 'The photo must be a PNG or JPEG image (.png, .jpg, .jpeg)');

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** Judges the type by the first bytes, never by the file name or the declared type. */
export const sniffPhoto = (bytes: Buffer): Photo | null => {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return { bytes, extension: 'png', contentType: 'image/png' };
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return { bytes, extension: 'jpg', contentType: 'image/jpeg' };
  return null;
};

const limitMessages = {
  'file-size': photoTooLarge,
  files: () => badRequest('Only one photo can be uploaded'),
  fields: () => badRequest('The form has too many fields'),
  // No boundary, a truncated body, a broken header: the client's malformed form, never a server fault.
  malformed: () => badRequest('The form data is not valid'),
};

/** Collects text fields and the optional `photo` part; other files and size breaches are 400s. */
const readParts = async (form: FormReader) => {
  const fields: Record<string, string> = {};
  let photo: Buffer | null = null;
  try {
    for await (const part of form.parts()) {
      if (part.type === 'field') {
        fields[part.name] = part.value;
        continue;
      }
      if (part.name !== 'photo') {
        part.discard();
        throw badRequest(`Unexpected file field "${part.name}": only "photo" is accepted`);
      }
      const bytes = await part.read();
      // A form with an empty file input still sends an empty part: that means "no photo".
      photo = bytes.length === 0 && !part.filename ? null : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw limitMessages[error instanceof FormLimitError ? error.limit : 'malformed']();
  }
  return { fields, photo };
};

/**
 * Reads a multipart request (or, leniently, a JSON body without a photo) into fields validated
 * by the contract schema plus an optional checked photo. Nothing is stored here.
 */
export const readMultipart = async <S extends z.ZodType>(request: HostRequest, schema: S): Promise<{ fields: z.output<S>; photo: Photo | null }> => {
  const { fields, photo } = request.form
    ? await readParts(request.form)
    : { fields: (request.body ?? {}) as Record<string, unknown>, photo: null };
  if (containsNul(fields)) throw new ValidationError([NUL_ISSUE]);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw zodValidationError(parsed.error);
  if (!photo) return { fields: parsed.data, photo: null };
  if (photo.length > PHOTO_MAX_BYTES) throw photoTooLarge();
  const checked = sniffPhoto(photo);
  if (!checked) throw photoTypeNotAllowed();
  return { fields: parsed.data, photo: checked };
};
