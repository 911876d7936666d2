import type { FastifyInstance } from 'fastify';
import type { PhotoStore } from '../http/photo-storage';
import { uploadResponse } from '../http/upload-response';

/** Uploaded photos at GET /api/uploads/:name (the answer itself: http/upload-response.ts, shared by both hosts). */
export const registerUploads = (app: FastifyInstance, photos: PhotoStore) => {
  app.get('/api/uploads/:name', { config: { auth: 'guest' } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const { status, headers, body } = await uploadResponse(photos, name);
    return reply.code(status).headers(headers).send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  });
};
