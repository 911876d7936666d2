import { openPostgres } from '../../server/db/client';
import { serveBenchApi } from '../lib/bench-api';

/**
 * The API over HTTP on the teams benchmark's seeded database, in its own process (forked by
 * bench/teams.ts) so the load generator does not share its event loop. Its clock stands on the
 * seed's day. Reports its address and the tokens of the employees `BENCH_EMPLOYEES` names.
 */
const main = async () => {
  const now = new Date(process.env.BENCH_NOW!);
  const database = await openPostgres(process.env.BENCH_DATABASE_URL!, Number(process.env.BENCH_POOL ?? 10));
  const { address, token } = await serveBenchApi(database, { now: () => now });
  const employees = (process.env.BENCH_EMPLOYEES ?? '').split(',').map(Number);
  process.send?.({ address, tokens: await Promise.all(employees.map((id) => token(id, 'user', now))) });
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
