import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document generated from the zod contract (each route's schemas) at /api/docs/json and
 * a reference page at /api/docs. Must be registered before the routes so it sees them.
 */
export const registerOpenApi = async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Wellness Challenge API', version: '1.0.0', description: 'Errors answer `{ statusCode, message, serverCode, issues? }`.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The reference is public, like the contract it documents.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (routeOptions) => {
      routeOptions.config = { ...routeOptions.config, auth: 'guest' };
    });
    await scope.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: false } });
  });
};
