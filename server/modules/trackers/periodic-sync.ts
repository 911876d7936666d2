import type { FastifyBaseLogger } from 'fastify';
import { apiTypes } from '@/contract/users';
import type { TrackerService } from './service';

/**
 * The safety net: every working connection is synced every few hours, which catches what a missed
 * webhook lost and is the only way Google Health data arrives without a click (the API's push
 * notifications need a public Pub/Sub-style subscriber we do not run; README "Trackers").
 * In-process until the job engine takes it over as a scheduled job.
 */
export const startPeriodicSync = (service: TrackerService, log: FastifyBaseLogger, everyMinutes: number) => {
  if (everyMinutes <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      for (const type of apiTypes) await service.syncEveryone(type, log);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'periodic tracker sync failed'))
      .finally(() => (running = false));
  }, everyMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
};
