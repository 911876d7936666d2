import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema';
import { UPLOAD_NAME } from '../http/photo-storage';

/**
 * The photo files the database refers to. Only `users.profile_picture` names an upload today; a new
 * column that stores one belongs here too (backups archive exactly these files).
 */
export const referencedPhotos = async (tx: DbOrTx) =>
  rowsOf<{ name: string }>(await tx.execute(sql`select distinct profile_picture as name from public.users where profile_picture is not null order by 1`))
    .map((row) => row.name)
    .filter((name) => UPLOAD_NAME.test(name)); // anything else was never a stored file

/** Rows stop referring to these photos (their files are gone): no row points at a missing file. */
export const forgetPhotos = async (tx: DbOrTx, names: string[]) => {
  if (names.length) await tx.update(users).set({ profilePicture: null }).where(inArray(users.profilePicture, names));
};
