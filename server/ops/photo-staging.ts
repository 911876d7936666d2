import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_NAME } from '../http/photo-storage';

/**
 * A restore's photos wait in `uploads/.restoring` (inside uploads/: the same file system, so moving
 * one in is a rename, even when uploads/ is a mount of its own) until the database has committed;
 * a restore that fails discards them and leaves uploads/ as it was.
 */
export const stagePhotos = async (photosDir: string) => {
  const staging = join(photosDir, '.restoring');
  await rm(staging, { recursive: true, force: true }); // left by a restore that was killed
  await mkdir(staging, { recursive: true });
  const staged = new Set<string>();
  return {
    write: async (name: string, bytes: Buffer) => {
      await writeFile(join(staging, name), bytes);
      staged.add(name);
    },
    discard: () => rm(staging, { recursive: true, force: true }),
    /** After the commit: uploads/ ends up holding exactly the staged photos (others are removed). */
    moveIn: async () => {
      for (const name of staged) await rename(join(staging, name), join(photosDir, name));
      for (const name of await readdir(photosDir)) if (UPLOAD_NAME.test(name) && !staged.has(name)) await rm(join(photosDir, name), { force: true });
      await rm(staging, { recursive: true, force: true });
    },
  };
};
