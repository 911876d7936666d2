import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { StravaEvent, TrackerService } from './service';

/** Strava's webhook callback (README "Trackers"): called by Strava, never by the SPA, so it is not in the SPA's contract. */
export const STRAVA_WEBHOOK_PATH = '/api/trackers/strava/webhook';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const registerStravaWebhook = (app: FastifyInstance, deps: AppDeps, service: TrackerService) => {
  // Subscription validation: echo hub.challenge only to a caller that knows our verify token.
  app.get(STRAVA_WEBHOOK_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const expected = deps.config.strava?.webhookVerifyToken;
    const token = typeof query['hub.verify_token'] === 'string' ? query['hub.verify_token'] : '';
    const challenge = query['hub.challenge'];
    if (!expected || query['hub.mode'] !== 'subscribe' || typeof challenge !== 'string' || !sameSecret(token, expected)) {
      return reply.code(403).send({ statusCode: 403, serverCode: 'FORBIDDEN', message: 'This webhook subscription is not ours' });
    }
    return reply.code(200).send({ 'hub.challenge': challenge });
  });

  // Events: acknowledged at once (Strava wants 200 within 2 s) and applied by a job.
  app.post(STRAVA_WEBHOOK_PATH, async (request, reply) => {
    const event = (request.body ?? {}) as StravaEvent & { subscription_id?: unknown };
    if (!deps.config.strava || typeof event !== 'object') return reply.code(200).send({});
    // Queued before the answer: a 200 means the event is kept (Strava retries otherwise).
    await service.queueStravaEvent(event);
    return reply.code(200).send({});
  });
};
