import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { trackersEndpoints } from '@/contract/trackers';
import { forbidden } from '@/domain/errors';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import type { TrackerService } from './service';

/** Strava's webhook callback (docs/trackers.md): in the contract like every endpoint, called by Strava only. */
export const STRAVA_WEBHOOK_PATH = `/api${trackersEndpoints.stravaWebhookEvent.path}`;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const registerStravaWebhook = (app: FastifyInstance, deps: AppDeps, service: TrackerService) => {
  // Subscription validation: echo hub.challenge only to a caller that knows our verify token.
  route(app, deps, trackersEndpoints.stravaWebhookValidation, ({ query }) => {
    const expected = deps.config.strava?.webhookVerifyToken;
    const challenge = query['hub.challenge'];
    if (!expected || query['hub.mode'] !== 'subscribe' || challenge === undefined || !sameSecret(query['hub.verify_token'] ?? '', expected)) {
      throw forbidden('This webhook subscription is not ours');
    }
    return { 'hub.challenge': challenge };
  });

  // Events: acknowledged at once (Strava wants 200 within 2 s) and applied by a job.
  route(app, deps, trackersEndpoints.stravaWebhookEvent, async ({ body }) => {
    // Queued before the answer: a 200 means the event is kept (Strava retries otherwise).
    if (deps.config.strava) await service.queueStravaEvent(body);
    return {};
  });
};
