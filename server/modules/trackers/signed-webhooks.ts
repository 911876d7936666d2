import type { Logger } from '../../logger';
import type { ApiType } from '@/contract/trackers';
import { forbidden, notFound } from '@/domain/errors';
import { isProviderSource, providerBySource } from '@/contract/tracker-providers';
import type { Db } from '../../db/client';
import type { HostHeaders } from '../../http/host';
import { providerRegistry } from '../../trackers/registry';
import type { TrackerProviders } from '../../trackers/providers/types';
import { trackersRepo } from './repo';
import { openToken, sealToken } from './token-seal';
import { webhooksRepo } from './webhooks-repo';

type Deps = {
  db: Db;
  trackers: TrackerProviders;
  key: string;
  /** A background sync of one connection: the provider's listing brings what the event announced. */
  syncLater: (userId: number, service: ApiType) => Promise<void>;
};

/**
 * Webhooks of the providers that sign their deliveries (Polar): created once by the app (the secret
 * comes only with that answer, kept sealed), and every delivery checked against it before anything
 * is read. A delivery queues a sync of each athlete it names; a ping names nobody and is answered 200.
 */
export const signedWebhooks = ({ db, trackers, key, syncLater }: Deps) => {
  const signed = (apiType: ApiType) => providerRegistry.find((provider) => provider.apiType === apiType)?.signedWebhook ?? null;

  return {
    /**
     * Creates the webhook of every configured provider that has none yet (a job after start: the
     * provider pings us first). `retried`: a failure now is tried again (a warning), else it is final (an error).
     */
    setUp: async (log: Logger, { retried }: { retried: boolean }) => {
      let failed = false;
      for (const provider of providerRegistry) {
        const client = trackers[provider.apiType];
        if (!provider.signedWebhook || !client || (await webhooksRepo(db).find(provider.apiType))) continue;
        try {
          const created = await provider.signedWebhook.create(client);
          await webhooksRepo(db).keep({ service: provider.apiType, webhookId: created.id, signatureSecret: sealToken(key, created.signatureSecret) });
          log.info({ service: provider.apiType, webhookId: created.id }, 'provider webhook created');
        } catch (error) {
          // Expected at a start while the provider (or a test's fake) is not reachable yet: the job tries again.
          const details = { err: error, service: provider.apiType };
          if (retried) log.warn(details, 'creating the provider webhook failed; it is tried again');
          else log.error(details, 'creating the provider webhook failed for good: its workouts arrive by the safety-net sync until it is created');
          failed = true;
        }
      }
      // The job is tried again later (with backoff): the provider may have been down a moment.
      if (failed) throw new Error('a provider webhook could not be created');
    },

    /** One delivery, as sent: refused (403) unless signed with our secret. */
    receive: async (source: string, rawBody: string, headers: HostHeaders, body: Record<string, unknown>) => {
      const apiType = isProviderSource(source) ? providerBySource(source).apiType : null;
      const webhook = apiType ? signed(apiType) : null;
      if (!apiType || !webhook || !trackers[apiType]) throw notFound('No such webhook');
      const stored = await webhooksRepo(db).find(apiType);
      // The ping of the creation comes before we learn the secret: answered, and nothing is done.
      if (!stored) return;
      if (!webhook.verify(rawBody, headers, openToken(key, stored.signatureSecret))) throw forbidden('This delivery is not signed with our webhook secret');
      for (const athlete of webhook.athletesOf(body)) {
        for (const connection of await trackersRepo(db).findByExternalUser(apiType, athlete, key)) await syncLater(connection.userId, apiType);
      }
    },
  };
};
