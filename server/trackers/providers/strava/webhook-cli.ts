import type { StravaConfig } from '../../../config-types';
import type { StravaClient } from './client';

export const STRAVA_WEBHOOK_USAGE = 'Usage: npm run strava:webhook -- list | create | delete <subscription id>';

/**
 * The Strava webhook subscription (one per app): `create` registers our callback
 * (STRAVA_WEBHOOK_CALLBACK_URL, else APP_ORIGIN + /api/trackers/strava/webhook) with the verify
 * token Strava echoes to it, `list` shows it, `delete` removes it. Returns the exit code.
 */
export const runStravaWebhookCli = async (args: string[], config: StravaConfig | null, client: StravaClient | null, print: (line: string) => void): Promise<number> => {
  if (!config || !client) {
    print('Strava is not configured: set STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET.');
    return 1;
  }
  const [command, id] = args;
  if (command === 'list') {
    print(JSON.stringify(await client.subscriptions.list(), null, 2));
    return 0;
  }
  if (command === 'create') {
    if (!config.webhookVerifyToken) {
      print('Set STRAVA_WEBHOOK_VERIFY_TOKEN first: Strava sends it to the callback, which answers only when it matches.');
      return 1;
    }
    try {
      const created = await client.subscriptions.create(config.webhookCallbackUrl, config.webhookVerifyToken);
      print(`Subscribed ${config.webhookCallbackUrl}: ${JSON.stringify(created)}`);
      return 0;
    } catch (error) {
      // Strava keeps one subscription per application: an existing one must be deleted first.
      print(`Strava refused the subscription (${(error as Error).message}). There can be one per application: 'list' shows it, 'delete <id>' removes it.`);
      return 1;
    }
  }
  if (command === 'delete' && id) {
    await client.subscriptions.remove(id);
    print(`Subscription ${id} deleted.`);
    return 0;
  }
  print(STRAVA_WEBHOOK_USAGE);
  return 1;
};
