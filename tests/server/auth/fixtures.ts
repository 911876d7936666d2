import { asc } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { passwordResetTokens, refreshSessions, userLevels, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/passwords/argon2';

/** Auth test helpers: seeded accounts, multipart bodies, cookie jars and database snapshots. */

export const PASSWORD = 'correct horse battery';

export const seedUser = async (db: Db, overrides: Partial<typeof users.$inferInsert> = {}) => {
  const [row] = await db
    .insert(users)
    .values({
      role: 'user',
      email: 'jane@example.com',
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Jane',
      lastName: 'Doe',
      dateOfBirth: '1990-05-01',
      gender: 'female',
      levelOfCompetition: 'Intermediate',
      ...overrides,
    })
    .returning();
  return row!;
};

/** Everything an auth call may write (rate-limit counters excepted). */
export const snapshot = async (db: Db) => ({
  users: await db.select().from(users).orderBy(asc(users.id)),
  userLevels: await db.select().from(userLevels).orderBy(asc(userLevels.userId)),
  refreshSessions: await db.select().from(refreshSessions).orderBy(asc(refreshSessions.createdAt), asc(refreshSessions.id)),
  resetTokens: await db.select().from(passwordResetTokens).orderBy(asc(passwordResetTokens.id)),
});

type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data payload for app.inject. */
export const multipart = (parts: Part[]) => {
  const boundary = `----wc${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));

/** Smallest valid PNG / JPEG headers followed by filler: content sniffing only reads the start. */
export const pngBytes = (size = 200) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 1)]);
export const jpegBytes = (size = 200) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 2)]);

/** The value of the refresh cookie in a response (undefined when none was set). */
export const refreshCookie = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === 'wc_refresh');

export const cookieHeader = (token: string) => ({ cookie: `wc_refresh=${token}` });
