import type { HostRequest } from '../../http/host';
import type { AppConfig } from '../../config';
import { forbidden } from '@/domain/errors';

const CROSS_SITE_MESSAGE = 'This request must come from the Wellness Challenge app itself';

/** The origin (`scheme://host[:port]`) a browser would send for the Host this request was sent to. */
const originsOfHost = (request: HostRequest) => {
  const host = request.host;
  return host ? [`http://${host}`, `https://${host}`] : [];
};

/**
 * CSRF defence in depth for the endpoints that act on the refresh cookie (SameSite=Strict is the
 * first line): a browser request must come from APP_ORIGIN (or the origin of the host it was sent
 * to, which is what the dev proxy forwards). `Sec-Fetch-Site: cross-site`/`same-site` is refused
 * too. A request with neither header does not come from a browser and carries no victim's cookie.
 */
export const assertSameOrigin = (request: HostRequest, config: Pick<AppConfig, 'appOrigin'>) => {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') throw forbidden(CROSS_SITE_MESSAGE);
  const sent = request.headers.origin;
  if (sent === undefined) return;
  const origin = (Array.isArray(sent) ? sent[0] : sent) ?? '';
  const allowed = [new URL(config.appOrigin).origin, ...originsOfHost(request)];
  if (!allowed.includes(origin)) throw forbidden(CROSS_SITE_MESSAGE);
};
