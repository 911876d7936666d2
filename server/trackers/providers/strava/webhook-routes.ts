import { trackersEndpoints, type StravaEvent } from '@/contract/trackers';
import { forbidden } from '@/domain/errors';
import type { AppConfig } from '../../../config-types';
import { sameBytes, utf8 } from '../../../http/bytes';
import { route, type RouteTable } from '../../../http/route-table';

/** Strava's webhook callback (docs/trackers.md): in the contract like every endpoint, called by Strava only. */
export const STRAVA_WEBHOOK_PATH = `/api${trackersEndpoints.stravaWebhookEvent.path}`;

const sameSecret = (given: string, expected: string) => sameBytes(utf8(given), utf8(expected));

/** Strava's two webhook routes (this provider's `routes`): the subscription check and the events, kept in the inbox (inbox.ts). */
export const registerStravaWebhook = (app: RouteTable, config: Pick<AppConfig, 'strava'>, keepEvent: (event: StravaEvent) => Promise<unknown>) => {
  // Subscription validation: echo hub.challenge only to a caller that knows our verify token.
  route(app, trackersEndpoints.stravaWebhookValidation, ({ query }) => {
    const expected = config.strava?.webhookVerifyToken;
    const challenge = query['hub.challenge'];
    if (!expected || query['hub.mode'] !== 'subscribe' || challenge === undefined || !sameSecret(query['hub.verify_token'] ?? '', expected)) {
      throw forbidden('This webhook subscription is not ours');
    }
    return { 'hub.challenge': challenge };
  });

  // Events: acknowledged at once (Strava wants 200 within 2 s) and applied by a job.
  route(app, trackersEndpoints.stravaWebhookEvent, async ({ body }) => {
    // Kept before the answer: a 200 means the event is kept (Strava retries otherwise).
    if (config.strava) await keepEvent(body);
    return {};
  });
};
