import { NUL_ISSUE, containsNul, type Endpoint } from '@/contract/common';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE } from '@/contract/fields';
import { AppError, badRequest, issuePath } from './errors';

/** Same errors as the API's http/multipart.ts. */
export const photoTooLarge = () => new AppError(400, 'PHOTO_TOO_LARGE', PHOTO_TOO_LARGE_MESSAGE);
export const photoTypeNotAllowed = () =>
  new AppError(400, 'PHOTO_TYPE_NOT_ALLOWED', 'The photo must be a PNG or JPEG image (.png, .jpg, .jpeg)');

export type MockPhoto = { bytes: Uint8Array; extension: 'png' | 'jpg'; contentType: 'image/png' | 'image/jpeg' };
export type MultipartFiles = { photo?: MockPhoto };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

/** Judges the type by the first bytes, never by the file name or declared type (like the server). */
export const sniffPhoto = (bytes: Uint8Array): MockPhoto | null => {
  if (startsWith(bytes, PNG)) return { bytes, extension: 'png', contentType: 'image/png' };
  if (startsWith(bytes, JPEG)) return { bytes, extension: 'jpg', contentType: 'image/jpeg' };
  return null;
};

type Read = { body: unknown; files: MultipartFiles } | { issues: { path: string; message: string }[] };

/**
 * Reads a multipart endpoint's request like the API's http/multipart.ts: text fields (last one wins)
 * and an optional `photo` part (a too large photo or another file field fails while reading), then
 * the contract schema validates the fields, then the photo's content is checked. A JSON body is
 * accepted leniently (no photo), as on the server.
 */
export const readMultipart = async (endpoint: Endpoint, request: Request, jsonBody: unknown): Promise<Read> => {
  const type = request.headers.get('content-type') ?? '';
  let fields: Record<string, unknown> = {};
  let photo: Uint8Array | null = null;
  if (/^multipart\/form-data/i.test(type)) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw badRequest('The form data is not valid');
    }
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') {
        fields[name] = value;
        continue;
      }
      if (name !== 'photo') throw badRequest(`Unexpected file field "${name}": only "photo" is accepted`);
      if (value.size > PHOTO_MAX_BYTES) throw photoTooLarge();
      const bytes = new Uint8Array(await value.arrayBuffer());
      // A form with an empty file input still sends an empty part: that means "no photo".
      photo = bytes.length === 0 && !value.name ? null : bytes;
    }
  } else {
    fields = (jsonBody ?? {}) as Record<string, unknown>;
  }
  if (containsNul(fields)) return { issues: [NUL_ISSUE] };
  const parsed = endpoint.body ? endpoint.body.safeParse(fields) : { success: true as const, data: fields };
  if (!parsed.success) return { issues: parsed.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })) };
  if (!photo) return { body: parsed.data, files: {} };
  const checked = sniffPhoto(photo);
  if (!checked) throw photoTypeNotAllowed();
  return { body: parsed.data, files: { photo: checked } };
};
