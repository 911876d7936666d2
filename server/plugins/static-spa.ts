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

/**
 * Serves the built SPA from `staticDir` with history fallback: a GET outside /api that is not a
 * file answers index.html, so deep links and reloads work; unknown /api paths stay JSON 404s.
 * Hashed assets are cached for a year, index.html never.
 */
export const registerStaticSpa = async (app: FastifyInstance, staticDir: string) => {
  if (!existsSync(join(staticDir, 'index.html'))) return; // dev and API-only runs
  // Encapsulated, so @fastify/static's reply.sendFile does not clash with Swagger UI's copy.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root: staticDir, serve: false });
    scope.get('/*', async (request, reply) => {
      const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
      const relative = normalize(pathname).replace(/^[/\\]+/, '');
      const candidate = join(staticDir, relative);
      if (relative && !relative.split(sep).includes('..') && candidate.startsWith(staticDir + sep) && isFile(candidate)) {
        const immutable = relative.startsWith(`assets${sep}`);
        return reply.sendFile(relative, { maxAge: immutable ? 31_536_000_000 : 0, immutable, cacheControl: true });
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', { cacheControl: false });
    });
  });
};
