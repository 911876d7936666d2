import type { Clock } from '@/domain/clock';
import { memoryMailer } from '@/domain/mail';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { signedInToken } from '../../tests/support/signed-in-token';

/**
 * The API of a forked bench server (bench/lib/forked-server.ts) on an opened database: listens on a
 * free loopback port, signs people in for an hour, and closes the app and the database when the
 * parent sends 'stop'.
 */
export const serveBenchApi = async (database: Database, clock: Clock) => {
  const config = testConfig({ logLevel: 'silent' });
  const app = await buildApp({ db: database.db, clock, config, mailer: memoryMailer(), ping: database.ping });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await app.close();
    await database.close();
    process.exit(0);
  });
  const token = (id: number, role: 'admin' | 'user', now: Date) => signedInToken(database.db, config, { id, role }, now, 3600);
  return { address, token };
};
