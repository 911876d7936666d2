import { eq } from 'drizzle-orm';
import type { ApiType } from '@/contract/trackers';
import type { DbOrTx } from '../../db/handle';
import { repoOf } from '../../db/repo-of';
import { trackerWebhooks } from '../../db/schema';

/** SQL of the providers' signed webhooks (signed-webhooks.ts): one row per provider, the secret sealed. */
const find = async (db: DbOrTx, service: ApiType) => (await db.select().from(trackerWebhooks).where(eq(trackerWebhooks.service, service)))[0] ?? null;
const keep = (db: DbOrTx, row: typeof trackerWebhooks.$inferInsert) =>
  db.insert(trackerWebhooks).values(row).onConflictDoUpdate({ target: trackerWebhooks.service, set: { webhookId: row.webhookId, signatureSecret: row.signatureSecret } });

export const webhooksRepo = repoOf({ find, keep });
