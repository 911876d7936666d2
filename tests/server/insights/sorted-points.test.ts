import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { rowsOf } from '../../../server/db/rows';
import { createTestApp } from '../helpers/test-app';

/*
 * insight_months keeps each group's points sorted (rank by binary search, median by index). Adding
 * or removing one value takes a fast path (binary search and array slices); several values take the
 * re-sort. Both must give exactly the multiset a plain sort gives, duplicates and ends included.
 */

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

const withoutOnce = (values: number[], removed: number[]) => {
  const left = [...values];
  for (const value of removed) {
    const at = left.indexOf(value);
    if (at >= 0) left.splice(at, 1);
  }
  return left;
};

test('insight_sorted_add and insight_sorted_remove equal a sort, for one value and for several', async () => {
  const { db } = await createTestApp();
  const call = async (fn: 'insight_sorted_add' | 'insight_sorted_remove', points: number[], change: number[]) => {
    const statement =
      fn === 'insight_sorted_add'
        ? sql`select insight_sorted_add(${`{${points.join(',')}}`}::int[], ${`{${change.join(',')}}`}::int[]) as result`
        : sql`select insight_sorted_remove(${`{${points.join(',')}}`}::int[], ${`{${change.join(',')}}`}::int[]) as result`;
    return rowsOf<{ result: number[] }>(await db.execute(statement))[0]!.result;
  };
  const points = fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 30 }).map(sorted);
  await fc.assert(
    fc.asyncProperty(points, fc.array(fc.integer({ min: -2, max: 42 }), { minLength: 1, maxLength: 3 }), async (group, change) => {
      expect(await call('insight_sorted_add', group, change)).toEqual(sorted([...group, ...change]));
      // Removing values that are there (one of them, or several), and one that is not.
      const present = group.length > 0 ? [group[change[0]! % group.length]!] : [];
      expect(await call('insight_sorted_remove', group, present)).toEqual(withoutOnce(group, present));
      expect(await call('insight_sorted_remove', group, change)).toEqual(withoutOnce(group, change));
    }),
    { numRuns: 150 },
  );
});
