import { asc, eq, sql } from 'drizzle-orm';
import { mockDatabase } from 'virtual:mock-database';
import { openBrowserDb } from '../../../mocks/runtime/browser-db';
import { rowsOf } from '../../../server/db/rows';
import { scoreYears, users } from '../../../server/db/schema';

/** A page that only opens mock mode's database, for tests/e2e/mock-db.spec.ts and bench/mock-start.ts. */
const opened = await openBrowserDb(mockDatabase);
const { db } = opened;

const harness = {
  loadedFromDump: opened.loadedFromDump,
  persisted: opened.persisted,
  openMs: opened.openMs,
  /** From navigation start to an open database. */
  readyMs: performance.now(),
  users: () => db.select({ id: users.id, email: users.email, firstName: users.firstName, role: users.role, passwordHash: users.passwordHash }).from(users).orderBy(asc(users.id)),
  /** A write as the host makes one: the answer waits for flush(). */
  rename: async (email: string, firstName: string) => {
    await db.update(users).set({ firstName }).where(eq(users.email, email));
    await opened.flush();
  },
  /** The admin search's folding (unaccent) and index (pg_trgm) in this PGlite. */
  searchText: async (word: string) =>
    rowsOf<{ email: string }>(await db.execute(sql`select email from users where search_text like '%' || lower(unaccent(${word})) || '%' and similarity(search_text, ${word}) >= 0 order by id`)).map((row) => row.email),
  scoredEmployees: async () => (await db.select({ userId: scoreYears.userId }).from(scoreYears)).length,
  /** ms from navigation start until the first visit's dump is wholly saved (at once on a reopen). */
  savedMs: () => opened.saved.then(() => performance.now()),
  reset: () => opened.reset(),
};

declare global {
  interface Window {
    mockDb?: typeof harness;
  }
}
window.mockDb = harness;
document.getElementById('state')!.textContent = 'ready';
