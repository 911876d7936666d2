import { http, HttpResponse, type HttpHandler } from 'msw';
import { mockDb } from '../db';
import { errorBodyOf, notFound } from '../errors';

const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg)$/;

const base64ToBytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/** GET /api/uploads/:name, as server/plugins/uploads.ts: the photos stored by signup/profile. */
export const uploadsHandlers: HttpHandler[] = [
  http.get('*/api/uploads/:name', ({ params }) => {
    const name = String(params.name);
    const upload = UPLOAD_NAME.test(name) ? mockDb.uploads.find((entry) => entry.name === name) : undefined;
    if (!upload) return HttpResponse.json(errorBodyOf(notFound('No such photo')), { status: 404 });
    return new HttpResponse(base64ToBytes(upload.base64), {
      headers: { 'content-type': upload.contentType, 'cache-control': 'public, max-age=31536000, immutable', 'content-disposition': 'inline' },
    });
  }),
];
