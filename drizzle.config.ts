import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/access-schema.ts', './server/db/privacy-schema.ts', './server/db/teams-schema.ts', './server/db/import-tokens-schema.ts', './server/db/overview-schema.ts', './server/db/leaders-schema.ts', './server/db/admin-search-schema.ts'],
  out: './server/db/migrations',
});
