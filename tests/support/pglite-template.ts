import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite } from '../../server/db/client';

/** An in-memory PGlite started from the run's migrated template (pglite-template-setup.ts), then migrated: a no-op unless the template is stale. */
export const openMigratedPglite = async () => {
  const template = inject('pgliteTemplate');
  const database = await openPglite(undefined, template ? new Blob([readFileSync(template)]) : undefined);
  await database.migrate();
  return database;
};
