import { notFound } from '@/domain/errors';
import { UPLOAD_NAME, type PhotoStore } from './photo-storage';

const contentTypes = { png: 'image/png', jpg: 'image/jpeg' } as const;

export type UploadResponse = { status: 200; headers: Record<string, string>; body: Uint8Array };

/**
 * GET /api/uploads/:name for any host: only names the server generated match the pattern, so no
 * path can escape the store; the type comes from the stored (sniffed) extension. Public because
 * <img> cannot send the access token; names are 128 random bits. Throws 404 'No such photo'.
 */
export const uploadResponse = async (photos: PhotoStore, name: string): Promise<UploadResponse> => {
  const match = UPLOAD_NAME.exec(name);
  if (!match) throw notFound('No such photo');
  const bytes = await photos.read(name);
  if (!bytes) throw notFound('No such photo');
  return {
    status: 200,
    headers: {
      'content-type': contentTypes[match[1] as keyof typeof contentTypes],
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': 'inline',
    },
    body: bytes,
  };
};
