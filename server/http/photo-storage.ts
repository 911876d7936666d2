import { hexOf, randomBytes } from './bytes';
import type { Photo } from './multipart';

/** Stored names: 32 random hex characters and the sniffed extension, nothing from the client. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg)$/;

/**
 * Where uploaded photos live, by stored name. Node: files in DATA_DIR/uploads
 * (server/photos/disk-photo-store.ts); the browser host: a stand-in in the page.
 */
export type PhotoStore = {
  /** Keeps `bytes` under the fresh `name`, whole or not at all (never half a photo under a served name). */
  save: (name: string, bytes: Uint8Array) => Promise<void>;
  /** The bytes, or null when there is no such photo. */
  read: (name: string) => Promise<Uint8Array | null>;
  /** Forgets the photo; a missing one is no error. */
  remove: (name: string) => Promise<void>;
};

export const storePhoto = async (photos: PhotoStore, photo: Photo) => {
  const name = `${hexOf(randomBytes(16))}.${photo.extension}`;
  await photos.save(name, photo.bytes);
  return name;
};

export const removePhoto = async (photos: PhotoStore, name: string) => {
  if (UPLOAD_NAME.test(name)) await photos.remove(name);
};

/**
 * Stores the photo (if any), runs the database write with its file name, and deletes the file
 * again when the write fails, so no orphan is left behind.
 */
export const withStoredPhoto = async <T>(photos: PhotoStore, photo: Photo | null, write: (fileName: string | null) => Promise<T>): Promise<T> => {
  const name = photo ? await storePhoto(photos, photo) : null;
  try {
    return await write(name);
  } catch (error) {
    if (name) await removePhoto(photos, name);
    throw error;
  }
};
