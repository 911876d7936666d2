import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openPostgres } from '../../server/db/client';
import { memoryMailer } from '@/domain/mail';
import { signedInToken } from '../../tests/support/signed-in-token';

/**
 * The API over HTTP on the teams benchmark's seeded database, in its own process (forked by
 * bench/teams.ts) so the load generator does not share its event loop. Its clock stands on the
 * seed's day. Reports its address and the tokens of the employees `BENCH_EMPLOYEES` names.
 */
const main = async () => {
  const now = new Date(process.env.BENCH_NOW!);
  const database = await openPostgres(process.env.BENCH_DATABASE_URL!, Number(process.env.BENCH_POOL ?? 10));
  const config = testConfig({ logLevel: 'silent' });
  const app = await buildApp({ db: database.db, clock: { now: () => now }, config, mailer: memoryMailer(), ping: database.ping });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const employees = (process.env.BENCH_EMPLOYEES ?? '').split(',').map(Number);
  const tokens = await Promise.all(employees.map((id) => signedInToken(database.db, config, { id, role: 'user' }, now, 3600)));
  process.send?.({ address, tokens });
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await app.close();
    await database.close();
    process.exit(0);
  });
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
