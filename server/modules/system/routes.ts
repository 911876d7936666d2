import { systemEndpoints } from '@/contract/system';
import type { AppDeps } from '../../deps';
import { AppError } from '@/domain/errors';
import { route, type RouteTable } from '../../http/route-table';
import { providerByApiType } from '@/contract/tracker-providers';
import { providerRegistry } from '../../trackers/registry';

/** Each provider's public settings by its `source`, null when not configured. */
const publicTrackers = (config: AppDeps['config']) =>
  Object.fromEntries(
    providerRegistry.map((provider) => {
      const settings = provider.settingsOf(config);
      return [providerByApiType(provider.apiType).source, settings ? { clientId: settings.clientId, authorizeUrl: settings.authorizeUrl } : null];
    }),
  );

/** Health (the process answers), readiness (the database answers) and the SPA's public settings. */
export const registerSystemRoutes = async (app: RouteTable, deps: AppDeps, ping?: () => Promise<void>) => {
  route(app, systemEndpoints.health, () => ({ status: 'ok' as const }));

  route(app, systemEndpoints.ready, async ({ request }) => {
    try {
      await ping?.();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database unreachable');
      throw new AppError(503, 'INTERNAL_ERROR', 'The database is not reachable');
    }
    return { status: 'ready' as const };
  });

  route(app, systemEndpoints.config, () => publicTrackers(deps.config));
};
