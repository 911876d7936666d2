import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** Files under these prefixes are never pages: a missing one is a 404, not index.html. */
const isAssetPath = (pathname: string) => pathname.startsWith('/assets/') || /\.(js|mjs|css|map|png|jpe?g|svg|ico|woff2?|json|txt)$/.test(pathname);

/**
 * Serves the built SPA from `staticDir` with history fallback: a GET outside /api that is not a
 * file answers index.html, so deep links and reloads work; unknown /api paths stay JSON 404s, and so
 * does a missing asset (a stale tab after a deploy must not get HTML for JavaScript).
 * Hashed assets are cached for a year, index.html never. The build's `.br`/`.gz` copies are sent
 * to clients that accept them (`Vary: Accept-Encoding`); source maps only with `serveSourceMaps`.
 */
export const registerStaticSpa = async (app: FastifyInstance, staticDir: string, options: { serveSourceMaps?: boolean } = {}) => {
  if (!existsSync(join(staticDir, 'index.html'))) return; // dev and API-only runs
  // Encapsulated, so @fastify/static's reply.sendFile does not clash with Swagger UI's copy.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root: staticDir, serve: false, preCompressed: true });
    scope.get('/*', async (request, reply) => {
      const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
      if (pathname.endsWith('.map') && !options.serveSourceMaps) return reply.callNotFound();
      const relative = normalize(pathname).replace(/^[/\\]+/, '');
      const candidate = join(staticDir, relative);
      if (relative && !relative.split(sep).includes('..') && candidate.startsWith(staticDir + sep) && isFile(candidate)) {
        const immutable = relative.startsWith(`assets${sep}`);
        return reply.sendFile(relative, { maxAge: immutable ? 31_536_000_000 : 0, immutable, cacheControl: true });
      }
      if (isAssetPath(pathname)) return reply.callNotFound();
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', { cacheControl: false });
    });
  });
};
