/**
 * The `application_name` of the server's PostgreSQL connections (and of the commands that share its
 * pool settings): `npm run restore` looks for it in pg_stat_activity to refuse while a server uses the
 * database. The commands that only read or replace the database name themselves apart.
 */
export const SERVER_APPLICATION_NAME = 'wellness-challenge';
export const RESTORE_APPLICATION_NAME = 'wellness-challenge-restore';
export const BACKUP_APPLICATION_NAME = 'wellness-challenge-backup';
