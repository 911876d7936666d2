import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { openPostgres } from '../../server/db/client';
import type { Db } from '../../server/db/client';
import { findLeadersJson, type LeaderListFilter } from '../../server/modules/leaders/repo';
import { leadersService } from '../../server/modules/leaders/service';
import { csvLine } from '@/domain/csv';
import { systemClock } from '@/domain/clock';
import { currentCompetitionYear } from '@/domain/competition';

/**
 * The admin leaders list's statements with their plans, as the server runs them (generic plans):
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55900/bench npx tsx bench/competition/explain-leaders.ts
 * BENCH_EXPLAIN=0 times each call (mean of 20) without printing plans, BENCH_EXPLAIN=sql each statement of
 * four calls; BENCH_ONLY=<regexp of labels> (`export`: the CSV export of every level, timed once).
 */
const dialect = new PgDialect();

const main = async () => {
  const database = await openPostgres(process.env.BENCH_DATABASE_URL!, 2);
  const explain = process.env.BENCH_EXPLAIN !== '0';
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property !== 'execute' || !explain) return Reflect.get(target, property, receiver);
      return async (query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        if (process.env.BENCH_EXPLAIN === 'sql') {
          const started = performance.now();
          const result = await target.execute(query);
          console.info(`${(performance.now() - started).toFixed(2)} ms: ${text.slice(0, 100).replace(/\s+/g, ' ')}`);
          return result;
        }
        const { rows } = await database.executeSql(`explain (analyze, buffers, costs off) ${text}`, params);
        console.info((rows as Array<Record<string, string>>).map((row) => row['QUERY PLAN']).join('\n'), '\n');
        return target.execute(query);
      };
    },
  }) as Db;
  const now = new Date();
  const year = currentCompetitionYear(now);
  const month = Number(now.toISOString().slice(5, 7));
  const calls: Array<[string, Omit<LeaderListFilter, 'year' | 'month'>]> = [
    ['middle page of a level', { level: 'Intermediate', limit: 10, offset: 12_500 }],
    ['all levels, page 1', { limit: 10, offset: 0 }],
    ['search=first12', { search: 'first12', limit: 10, offset: 0 }],
    ['search=bench, offset 5000', { search: 'bench', limit: 10, offset: 5000 }],
    ['search=last0, offset 10', { search: 'last0', limit: 10, offset: 10 }],
    ['search=first1&level=Intermediate, offset 10', { search: 'first1', level: 'Intermediate', limit: 10, offset: 10 }],
  ];
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  for (const [label, filter] of calls.filter(([label]) => !only || only.test(label))) {
    const run = () => findLeadersJson(db, { year, month, ...filter });
    if (explain) {
      console.info(`== ${label}`);
      for (let i = 0; i < (process.env.BENCH_EXPLAIN === 'sql' ? 4 : 1); i += 1) await run();
      continue;
    }
    await run();
    const start = performance.now();
    for (let i = 0; i < 20; i += 1) await run();
    console.info(`${label}: ${((performance.now() - start) / 20).toFixed(2)} ms`);
  }
  if (!only || only.test('export')) {
    // The CSV export of every level (100,000 rows), as the route streams it, without HTTP.
    const start = performance.now();
    let bytes = 0;
    let rows = 0;
    for await (const row of leadersService({ db: database.db, clock: systemClock }).exportList({}).rows) {
      bytes += csvLine(row).length;
      rows += 1;
    }
    console.info(`export.csv: ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - start) / 1000).toFixed(2)} s`);
  }
  await database.close();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
