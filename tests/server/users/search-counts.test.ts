import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import { users } from '../../../server/db/schema';
import { searchWordsOf } from '@/domain/search-words';
import { createTestApp } from '../helpers/test-app';
import { addUser } from '../helpers/competition-seed';

/*
 * Product rules: Admin search. The admin search's exact count is read from user_search_counts (migration 0013), which
 * statement triggers on users keep. After any mix of writes it must equal a count made from scratch:
 * per level, the employees having a word that starts with each prefix.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
afterEach(async () => {
  await ctx?.app.close();
});

const stored = async () =>
  rowsOf<{ prefix: string; level: string; employees: number }>(
    await ctx.db.execute(sql`select prefix, level_of_competition as level, employees from user_search_counts where employees <> 0 order by 1, 2`),
  );

/** From the users table alone, in TypeScript: every prefix of every word ('' included) of each employee. */
const recounted = async () => {
  const counts = new Map<string, number>();
  for (const user of await ctx.db.select().from(users).where(eq(users.role, 'user'))) {
    const prefixes = new Set(['', ...searchWordsOf(user.firstName, user.lastName, user.email).flatMap((word) => [...word].map((_, end) => word.slice(0, end + 1)))]);
    for (const prefix of prefixes) counts.set(`${prefix}\u0000${user.levelOfCompetition}`, (counts.get(`${prefix}\u0000${user.levelOfCompetition}`) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([key, employees]) => {
      const [prefix, level] = key.split('\u0000') as [string, string];
      return { prefix, level, employees };
    })
    .sort((a, b) => (a.prefix === b.prefix ? (a.level < b.level ? -1 : 1) : a.prefix < b.prefix ? -1 : 1));
};

test('the counts follow inserts, renames, level and role changes and deletes, one row or many at a time', async () => {
  ctx = await createTestApp();
  const maria = await addUser(ctx.db, { firstName: 'María', lastName: 'López' });
  const ana = await addUser(ctx.db, { firstName: 'Ana-Maria', lastName: 'de Marco', level: 'Elite' });
  await addUser(ctx.db, { role: 'admin', firstName: 'Mario', lastName: 'Admin' });
  await ctx.db.insert(users).values(
    ['Mara', 'Marc', 'Zoë', 'Ægir'].map((firstName, index) => ({
      email: `bulk${index}@mar.example`,
      passwordHash: 'not-used',
      firstName,
      lastName: `Bulk-${index}`,
      gender: 'other' as const,
      levelOfCompetition: index % 2 ? ('Advanced' as const) : ('Beginner' as const),
    })),
  );
  expect(await stored()).toEqual(await recounted());
  expect((await stored()).filter((row) => row.prefix === 'mar')).toEqual([
    { prefix: 'mar', level: 'Advanced', employees: 2 },
    { prefix: 'mar', level: 'Beginner', employees: 3 },
    { prefix: 'mar', level: 'Elite', employees: 1 },
  ]); // the four of @mar.example and María; Ana-Maria de Marco counts once; the admin Mario never

  await ctx.db.update(users).set({ firstName: 'Marianne', lastName: 'Lopez-Ruiz' }).where(eq(users.id, maria.id));
  await ctx.db.update(users).set({ levelOfCompetition: 'Intermediate' }).where(eq(users.id, ana.id));
  await ctx.db.update(users).set({ isPrivateActivity: true }); // every row, nothing the search reads
  expect(await stored()).toEqual(await recounted());

  await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, ana.id));
  await ctx.db.update(users).set({ email: sql`'x' || ${users.email}` }).where(inArray(users.firstName, ['Mara', 'Marc']));
  expect(await stored()).toEqual(await recounted());

  await ctx.db.delete(users).where(inArray(users.id, [maria.id, ana.id]));
  await ctx.db.delete(users).where(eq(users.firstName, 'Zoë'));
  expect(await stored()).toEqual(await recounted());
});

test('a truncate of users empties the counts', async () => {
  ctx = await createTestApp();
  await addUser(ctx.db, { firstName: 'Maria' });
  expect((await stored()).length).toBeGreaterThan(0);
  await ctx.db.execute(sql`truncate users cascade`);
  expect(await stored()).toEqual([]);
});
