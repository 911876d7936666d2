import { sql } from 'drizzle-orm';
import { distrustFileDatabase, replaceDistrustedDatabase, testDatabase } from '../helpers/test-app';

// The test harness's own guard (tests/support/test-file-boundary.ts): after a failed test, whose
// body may still be writing, the worker's next file must not share its database.
test('after a failed test the next file gets a fresh database, and the old one refuses the leftover body', async () => {
  const before = await testDatabase();
  await replaceDistrustedDatabase();
  expect(await testDatabase()).toBe(before); // nothing failed: the database is kept

  distrustFileDatabase();
  await replaceDistrustedDatabase();
  const after = await testDatabase();
  expect(after).not.toBe(before);
  await expect(before.db.execute(sql`select 1`)).rejects.toThrow();
  expect(await after.db.execute(sql`select 1 as one`)).toBeTruthy();
});
