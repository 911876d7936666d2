import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_NAME, uploadsDir } from '../http/photo-storage';
import { notFound } from '@/domain/errors';

const contentTypes = { png: 'image/png', jpg: 'image/jpeg' } as const;

/**
 * Uploaded photos at GET /api/uploads/:name. Only names the server generated match the pattern,
 * so no path can escape the folder; the type comes from the stored (sniffed) extension.
 * Public because <img> cannot send the access token; names are 128 random bits.
 */
export const registerUploads = (app: FastifyInstance, dataDir: string) => {
  app.get('/api/uploads/:name', { config: { auth: 'guest' } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const match = UPLOAD_NAME.exec(name);
    if (!match) throw notFound('No such photo');
    const bytes = await readFile(join(uploadsDir(dataDir), name)).catch(() => null);
    if (!bytes) throw notFound('No such photo');
    return reply
      .header('content-type', contentTypes[match[1] as keyof typeof contentTypes])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(bytes);
  });
};
