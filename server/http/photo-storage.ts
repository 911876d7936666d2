import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Photo } from './multipart';

/** Stored names: 32 random hex characters and the sniffed extension, nothing from the client. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg)$/;

export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

export const storePhoto = async (dataDir: string, photo: Photo) => {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${photo.extension}`;
  // Written under a temporary name and renamed: a crash mid-write never leaves a half photo under a served name.
  const temporary = join(dir, `.${name}.part`);
  await writeFile(temporary, photo.bytes, { flag: 'wx' });
  await rename(temporary, join(dir, name));
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

/**
 * Removes files in uploads/ that no user refers to and that are older than `graceMs` (a save in
 * progress has written its file but not yet committed): leftovers of crashes and of old bugs.
 */
export const sweepOrphanPhotos = async (dataDir: string, isReferenced: (names: string[]) => Promise<Set<string>>, now: Date, graceMs = 60 * 60 * 1000) => {
  const dir = uploadsDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const candidates: string[] = [];
  for (const name of names) {
    const stored = UPLOAD_NAME.test(name) || /^\.[a-f0-9]{32}\.(png|jpg)\.part$/.test(name);
    if (!stored) continue;
    const { mtimeMs } = await stat(join(dir, name));
    if (now.getTime() - mtimeMs > graceMs) candidates.push(name);
  }
  const referenced = await isReferenced(candidates.filter((name) => UPLOAD_NAME.test(name)));
  const orphans = candidates.filter((name) => !referenced.has(name));
  for (const name of orphans) await rm(join(dir, name), { force: true });
  return orphans;
};
