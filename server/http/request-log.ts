import type { FastifyServerOptions } from 'fastify';

/**
 * Query parameters whose values are safe to log: paging, dates and sort orders. Every other value
 * is written as [redacted], so a secret parameter added later (a token, an invitation, an OAuth
 * code or state) never reaches the log in clear; search words stay out too (they are names).
 */
const PLAIN_PARAMETERS = new Set(['page', 'pagesize', 'currentpage', 'limit', 'offset', 'startdate', 'enddate', 'date', 'year', 'month', 'competitionyear', 'level', 'levelofcompetition', 'sort', 'order', 'status', 'action']);

/** The URL as the log shows it: the path and every parameter name, values only where listed above (no fragment). */
export const redactUrl = (url: string) => {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // An undecodable name is not on the list: its value is redacted.
      }
      return PLAIN_PARAMETERS.has(decoded.toLowerCase()) ? pair : `${name}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${redacted}`;
};

/** Request logs without credentials: headers that carry them and secret query values are redacted. */
export const requestLogOptions = (level: string) =>
  ({
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
  }) satisfies FastifyServerOptions['logger'];
