import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Photo } from './multipart';

/** Stored names: 32 random hex characters and the sniffed extension, nothing from the client. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg)$/;

export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

export const storePhoto = async (dataDir: string, photo: Photo) => {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${photo.extension}`;
  await writeFile(join(dir, name), photo.bytes, { flag: 'wx' });
  return name;
};

export const removePhoto = async (dataDir: string, name: string) => {
  if (UPLOAD_NAME.test(name)) await rm(join(uploadsDir(dataDir), name), { force: true });
};

/**
 * Stores the photo (if any), runs the database write with its file name, and deletes the file
 * again when the write fails, so no orphan is left behind.
 */
export const withStoredPhoto = async <T>(dataDir: string, photo: Photo | null, write: (fileName: string | null) => Promise<T>): Promise<T> => {
  const name = photo ? await storePhoto(dataDir, photo) : null;
  try {
    return await write(name);
  } catch (error) {
    if (name) await removePhoto(dataDir, name);
    throw error;
  }
};
