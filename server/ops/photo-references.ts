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

/** The rows that name a file the app could not have written: a photo name it never generates, a download name of another shape. */
const FILE_NAME_CHECKS = [
  { what: 'photo names', query: sql`select count(*)::int as n from public.users where profile_picture is not null and profile_picture !~ '^[a-f0-9]{32}[.](png|jpg)$'` },
  { what: 'export file names', query: sql`select count(*)::int as n from public.data_exports where file_name is not null and file_name !~ '^my-wellness-data-[0-9]+-[0-9]{4}-[0-9]{2}-[0-9]{2}[.]zip$'` },
];

/** Restore refuses an archive whose rows name files outside what the app stores (every column that names a file). */
export const badFileNames = async (tx: DbOrTx) => {
  const found: string[] = [];
  for (const check of FILE_NAME_CHECKS) {
    const count = rowsOf<{ n: number }>(await tx.execute(check.query))[0]?.n ?? 0;
    if (count > 0) found.push(`${count} unexpected ${check.what}`);
  }
  return found;
};
