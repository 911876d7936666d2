import type { FastifyInstance } from 'fastify';
import { systemEndpoints } from '@/contract/system';
import type { AppDeps } from '../../deps';
import { AppError } from '@/domain/errors';
import { route } from '../../http/route';

const publicTracker = (tracker: { clientId: string; authorizeUrl: string } | null) => (tracker ? { clientId: tracker.clientId, authorizeUrl: tracker.authorizeUrl } : null);

/** Health (the process answers), readiness (the database answers) and the SPA's public settings. */
export const registerSystemRoutes = async (app: FastifyInstance, deps: AppDeps, ping?: () => Promise<void>) => {
  route(app, deps, systemEndpoints.health, () => ({ status: 'ok' as const }));

  route(app, deps, systemEndpoints.ready, async ({ request }) => {
    try {
      await ping?.();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database unreachable');
      throw new AppError(503, 'INTERNAL_ERROR', 'The database is not reachable');
    }
    return { status: 'ready' as const };
  });

  route(app, deps, systemEndpoints.config, () => ({
    strava: publicTracker(deps.config.strava),
    fitbit: publicTracker(deps.config.fitbit),
  }));
};
