import { PHOTO_EXTENSIONS, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE } from '../api/contract';

export const PHOTO_TYPE_MESSAGE = 'Please choose a .png, .jpg or .jpeg photo';

/** Why a chosen photo is refused before upload (type first, then the 1,000,000-byte limit), or null when it may go. */
export const photoFileProblem = (file: File): string | null => {
  const name = file.name.toLowerCase();
  if (!PHOTO_EXTENSIONS.some((extension) => name.endsWith(extension))) return PHOTO_TYPE_MESSAGE;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE_MESSAGE;
  return null;
};
