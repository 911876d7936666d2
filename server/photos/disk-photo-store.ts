import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_NAME, type PhotoStore } from '../http/photo-storage';

/** The Node host's photos: files in DATA_DIR/uploads (backups and restores read the same folder). */
export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

export const diskPhotoStore = (dataDir: string): PhotoStore => {
  const dir = uploadsDir(dataDir);
  return {
    save: async (name, bytes) => {
      await mkdir(dir, { recursive: true });
      // Written under a temporary name and renamed: a crash mid-write never leaves a half photo under a served name.
      const temporary = join(dir, `.${name}.part`);
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, join(dir, name));
    },
    read: async (name) => {
      if (!UPLOAD_NAME.test(name)) return null; // no path can escape the folder
      const bytes = await readFile(join(dir, name)).catch(() => null);
      return bytes ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
    },
    remove: async (name) => {
      if (UPLOAD_NAME.test(name)) await rm(join(dir, name), { force: true });
    },
  };
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
