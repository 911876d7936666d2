import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { PHOTO_MAX_BYTES } from '@/contract/fields';
import type { AppConfig } from '../config';
import type { PhotoStore } from '../http/photo-storage';
import { registerCompression } from './compression';
import { registerOpenApi } from './openapi';
import { registerSecurityHeaders } from './security-headers';
import { registerStaticSpa } from './static-spa';
import { registerUploads } from './uploads';

/** Plugins every route relies on; registered before the modules (OpenAPI must see their routes). */
export const registerCorePlugins = async (app: FastifyInstance, config: AppConfig) => {
  registerSecurityHeaders(app, config);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(multipart, {
    limits: { files: 1, fileSize: PHOTO_MAX_BYTES, fields: 20, fieldSize: 10_000, parts: 21, headerPairs: 100 },
  });
  await registerOpenApi(app);
};

/** Catch-all routes, registered after the modules: uploaded photos and the SPA. */
export const registerServing = async (app: FastifyInstance, config: AppConfig, photos: PhotoStore) => {
  registerUploads(app, photos);
  await registerStaticSpa(app, config.staticDir, { serveSourceMaps: config.serveSourceMaps });
};
