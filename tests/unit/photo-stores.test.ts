import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryPhotoStore } from '../../mocks/stand-ins/photos';
import { removePhoto, UPLOAD_NAME, withStoredPhoto, type PhotoStore } from '../../server/http/photo-storage';
import { uploadResponse } from '../../server/http/upload-response';
import type { Photo } from '../../server/http/multipart';
import { diskPhotoStore, uploadsDir } from '../../server/photos/disk-photo-store';

/** Both hosts' photo stores keep the same promises, and GET /api/uploads/:name answers alike over either. */
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

const diskStore = async () => {
  const folder = await mkdtemp(join(tmpdir(), 'photos-'));
  folders.push(folder);
  return diskPhotoStore(folder);
};
const stores: Record<string, () => Promise<PhotoStore> | PhotoStore> = { disk: diskStore, memory: memoryPhotoStore };

const png: Photo = { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), extension: 'png', contentType: 'image/png' };
const jpg: Photo = { bytes: Buffer.from([0xff, 0xd8, 0xff, 9, 9]), extension: 'jpg', contentType: 'image/jpeg' };

describe.each(Object.entries(stores))('%s photo store', (_host, open) => {
  it('keeps a photo under a fresh generated name and serves it with its type and caching', async () => {
    const photos = await open();
    const name = await withStoredPhoto(photos, jpg, async (stored) => stored);
    expect(name).toMatch(UPLOAD_NAME);
    expect(name!.endsWith('.jpg')).toBe(true);
    const answer = await uploadResponse(photos, name!);
    expect(answer).toEqual({
      status: 200,
      headers: { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=31536000, immutable', 'content-disposition': 'inline' },
      body: new Uint8Array(jpg.bytes),
    });
  });

  it('forgets the photo when the write that refers to it fails, and when it is removed', async () => {
    const photos = await open();
    let kept: string | null = null;
    await expect(
      withStoredPhoto(photos, png, async (stored) => {
        kept = stored;
        throw new Error('database write failed');
      }),
    ).rejects.toThrow('database write failed');
    expect(await photos.read(kept!)).toBeNull();
    const name = (await withStoredPhoto(photos, png, async (stored) => stored))!;
    await removePhoto(photos, name);
    await removePhoto(photos, name); // a second removal is no error
    await expect(uploadResponse(photos, name)).rejects.toMatchObject({ statusCode: 404, message: 'No such photo' });
  });

  it('answers 404 for names the server never generates, before reading anything', async () => {
    const photos = await open();
    const name = (await withStoredPhoto(photos, png, async (stored) => stored))!;
    for (const asked of [`../${name}`, name.toUpperCase(), name.replace('.png', '.gif'), `${name}.part`, `.${name}.part`, 'a'.repeat(32) + '.png']) {
      await expect(uploadResponse(photos, asked)).rejects.toMatchObject({ statusCode: 404, message: 'No such photo' });
    }
  });

  it('keeps what it was given, whatever the caller does with its buffer afterwards', async () => {
    const photos = await open();
    const bytes = new Uint8Array(png.bytes);
    const name = (await withStoredPhoto(photos, { ...png, bytes: Buffer.from(bytes) }, async (stored) => stored))!;
    png.bytes.fill(0, 8);
    expect(Array.from((await photos.read(name))!.subarray(8))).toEqual([1, 2, 3]);
    png.bytes.set([1, 2, 3], 8);
  });
});

describe('disk photo store', () => {
  it('writes only complete files into DATA_DIR/uploads', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'photos-'));
    folders.push(folder);
    const name = await withStoredPhoto(diskPhotoStore(folder), png, async (stored) => stored);
    expect(await readdir(uploadsDir(folder))).toEqual([name]);
  });
});
