import type { Database } from '../db/client';
import { SERVER_APPLICATION_NAME } from '../db/application-name';
import { RestoreRefused } from './restore-refused';

/**
 * Refuses a restore while a Wellness Challenge server (or a command sharing its pool settings) is
 * connected to the same PostgreSQL database: PostgreSQL has no DATA_DIR lock, so the servers are found
 * by their application_name in pg_stat_activity. The caller's own connections are named otherwise.
 */
export const refuseWhileServersConnected = async (database: Database) => {
  const { rows } = await database.executeSql(
    `select current_database() as database, pid, coalesce(host(client_addr), 'local socket') as client
       from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
    [SERVER_APPLICATION_NAME],
  );
  const connections = rows as { database: string; pid: number; client: string }[];
  if (!connections.length) return;
  const clients = [...new Set(connections.map((connection) => connection.client))].join(', ');
  throw new RestoreRefused(
    `A Wellness Challenge server is connected to the PostgreSQL database ${connections[0]!.database} (${connections.length} connection(s) from ${clients}): stop it before restoring.`,
  );
};
