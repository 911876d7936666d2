import { planSearch, type PlanInput } from '../../server/modules/users/search-plan';

/*
 * Product rules: Admin search. Which shape the admin search reads its page in, from exact counts. The numbers are those
 * of tests/server/users/search-shapes.test.ts (400 employees), whose queries must between them
 * choose every shape; and of the benchmark (10,000 employees).
 */

const counts = (everyone: number, terms: Record<string, number>) => new Map([['', everyone], ...Object.entries(terms)]);
const plan = (input: Partial<PlanInput> & Pick<PlanInput, 'terms' | 'counts'>) => {
  const asked: Array<[string, string[], string]> = [];
  const result = planSearch({
    limit: 10,
    offset: 0,
    countOf: async (first, probes, shape) => {
      asked.push([first, probes, shape]);
      return 7;
    },
    ...input,
  });
  return { result, asked };
};

test('a term every employee matches is dropped: a plain walk, from the nearer end', async () => {
  expect(await plan({ terms: ['bench'], counts: counts(10_000, { bench: 10_000 }), offset: 10 }).result).toEqual({
    kind: 'page', count: 10_000, shape: 'walk', reverse: false, first: null, probes: [], limit: 10, offset: 10,
  });
  expect(await plan({ terms: ['bench'], counts: counts(10_000, { bench: 10_000 }), offset: 9_995 }).result).toMatchObject({ shape: 'walk', reverse: true, probes: [], limit: 5, offset: 0 });
  expect(await plan({ terms: ['bench'], counts: counts(10_000, { bench: 10_000 }), offset: 6_000 }).result).toMatchObject({ reverse: true, limit: 10, offset: 3_990 });
});

test('the shape follows the counts and the page', async () => {
  const shapes = async (terms: Record<string, number>, offset: number) => (await plan({ terms: Object.keys(terms), counts: counts(400, terms), offset }).result as { shape: string }).shape;
  expect(await shapes({ last: 395 }, 10)).toBe('walk'); // nearly everyone, an early page
  expect(await shapes({ last: 395 }, 190)).toBe('hash'); // nearly everyone, the middle
  expect(await shapes({ first1: 111 }, 20)).toBe('hash');
  expect(await shapes({ first12: 11 }, 0)).toBe('collect');
  expect(await shapes({ last0: 9_999 }, 10)).toBe('walk');
});

test('an empty term or a page past the end reads no page; the counts say the total', async () => {
  expect(await plan({ terms: ['zzz'], counts: counts(400, { zzz: 0 }) }).result).toEqual({ kind: 'empty', count: 0 });
  expect(await plan({ terms: ['first1'], counts: counts(400, { first1: 111 }), offset: 120 }).result).toEqual({ kind: 'empty', count: 111 });
});

test('two narrowing terms are counted from the rarest; implied and universal terms are dropped', async () => {
  const narrow = plan({ terms: ['bench12', 'first12'], counts: counts(400, { first12: 11, bench12: 11 }) });
  expect(await narrow.result).toMatchObject({ count: 7, first: 'bench12', probes: ['first12'] });
  expect(narrow.asked).toEqual([['bench12', ['first12'], 'collect']]);
  const broad = plan({ terms: ['first1', 'bench3'], counts: counts(400, { first1: 111, bench3: 111 }) });
  await broad.result;
  expect(broad.asked).toEqual([['first1', ['bench3'], 'hash']]);
  const implied = plan({ terms: ['mar', 'maria', 'com'], counts: counts(400, { mar: 30, maria: 12, com: 400 }) });
  expect(await implied.result).toMatchObject({ count: 12, probes: [] });
  expect(implied.asked).toEqual([]);
});

test('a scope of its own (a level of the leaders list) counts even one term, and a term everyone matches is still dropped', async () => {
  const scoped = plan({ terms: ['first1'], counts: counts(400, { first1: 111 }), scope: { everyone: 100 } });
  expect(await scoped.result).toMatchObject({ count: 7 });
  expect(scoped.asked).toHaveLength(1);
  const universal = plan({ terms: ['bench'], counts: counts(400, { bench: 400 }), scope: { everyone: 100 } });
  expect(await universal.result).toMatchObject({ count: 100, shape: 'walk', probes: [] });
  expect(universal.asked).toEqual([]);
});

test('a lone term all but a few match, on a deep page: the few are skipped through a start everyone matches', async () => {
  const broad = counts(10_000, { last0: 9_999, l: 10_000, la: 10_000, las: 10_000, last: 10_000 });
  const deep = await plan({ terms: ['last0'], counts: broad, offset: 4_990, except: true }).result;
  expect(deep).toMatchObject({ kind: 'except', count: 9_999, term: 'last0', parent: 'last', cap: 64, reverse: false, limit: 10, offset: 4_990, otherwise: { kind: 'page', shape: 'hash' } });
  expect(await plan({ terms: ['last0'], counts: broad, offset: 9_980, except: true }).result).toMatchObject({ kind: 'except', reverse: true, limit: 10, offset: 9 });
  // The first page walks; without `except` (the leaders list) or a start everyone matches, the other shapes.
  expect(await plan({ terms: ['last0'], counts: broad, offset: 0, except: true }).result).toMatchObject({ kind: 'page', shape: 'walk' });
  expect(await plan({ terms: ['last0'], counts: broad, offset: 4_990 }).result).toMatchObject({ kind: 'page', shape: 'hash' });
  expect(await plan({ terms: ['last0'], counts: counts(10_000, { last0: 9_999, last: 9_999 }), offset: 4_990, except: true }).result).toMatchObject({ kind: 'page', shape: 'hash' });
  // Many misses: the cap grows with them, and the except read costs more than hashing.
  expect(await plan({ terms: ['last0'], counts: counts(10_000, { last0: 5_000, last: 10_000 }), offset: 2_490, except: true }).result).toMatchObject({ kind: 'page' });
});
