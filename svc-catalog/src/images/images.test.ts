import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestCatalog, type TestCatalogPlatform } from '../testing';
import { convertLegacyPhotos } from './legacy';
import { streamedUpload } from '@medrelay/testing';

let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let pharmacy: U, pharmacy2: U, ngo: U, donor: U, admin: U;
beforeAll(async () => {
  p = await startTestCatalog();
  [pharmacy, pharmacy2, ngo, donor, admin] = await Promise.all([
    p.user('pharmacy'),
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('donor'),
    p.user('admin'),
  ]);
});
afterAll(() => p.stop());

/**
 * A phone photo: 400 × 200 pixels stored sideways (EXIF orientation 6: shown 200 wide, 400
 * high) with the camera's make and the GPS position of where it was taken.
 */
const phonePhoto = () =>
  sharp({ create: { width: 400, height: 200, channels: 3, background: '#c03' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Camera 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 2/1 44/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '31/1 14/1 9/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
const png = (width = 4, height = 4) =>
  sharp({ create: { width, height, channels: 4, background: '#0a0' } })
    .png()
    .toBuffer();
/** The tag of the GPS directory pointer in an EXIF block (either byte order). */
const gpsPointer = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];

async function upload(id: number, data: Buffer, contentType: string, token: string) {
  const res = await fetch(`${p.catalog.baseUrl}/api/medicines/${id}/image`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: data,
  });
  return { status: res.status, body: (await res.json()) as any };
}
async function photo(url: string, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${p.catalog.baseUrl}${url}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
}
const list = async (overrides = {}) =>
  (await p.api.post('/api/medicines', medicineInput(overrides), { token: pharmacy.token })).body;

describe('medicine photos', () => {
  it('re-encodes uploads: no EXIF or GPS left, turned upright, a thumbnail and a large size under a random key', async () => {
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(gpsPointer.some((tag) => before.exif!.includes(tag))).toBe(true);

    const medicine = await list();
    const uploaded = await upload(medicine.id, original, 'image/jpeg', pharmacy.token);
    expect(uploaded.status).toBe(200);
    const { imageUrl, thumbnailUrl } = uploaded.body as { imageUrl: string; thumbnailUrl: string };
    const key = imageUrl.match(/^\/api\/medicines\/photos\/([0-9a-f]{32})\/large$/)![1];
    expect(thumbnailUrl).toBe(`/api/medicines/photos/${key}/thumb`);
    expect(imageUrl).not.toContain(`/medicines/${medicine.id}/`);

    for (const [url, width, height] of [
      [thumbnailUrl, 160, 320],
      [imageUrl, 200, 400],
    ] as const) {
      const served = await photo(url, pharmacy.token);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(served.data).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width,
        height,
      });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(served.data.includes(Buffer.from('Exif'))).toBe(false);
      expect(served.data.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
  });

  it('caps the dimensions: a 3000 × 1000 photo is stored at most 1600 wide, its thumbnail 320', async () => {
    const medicine = await list();
    const uploaded = await upload(medicine.id, await png(3000, 1000), 'image/png', pharmacy.token);
    const size = async (url: string) => {
      const meta = await sharp((await photo(url, pharmacy.token)).data).metadata();
      return [meta.width, meta.height];
    };
    expect(await size(uploaded.body.imageUrl)).toEqual([1600, 533]);
    expect(await size(uploaded.body.thumbnailUrl)).toEqual([320, 107]);
  });

  it('serves a photo only while the caller may see the listing: owner and admin always', async () => {
    const medicine = await list({ recipientType: 'ngos' });
    const { imageUrl, thumbnailUrl } = (await upload(medicine.id, await png(), 'image/png', pharmacy.token))
      .body;
    const statusFor = async (token?: string) => (await photo(thumbnailUrl, token)).status;

    expect(await statusFor(ngo.token)).toBe(200);
    expect(await statusFor(pharmacy2.token)).toBe(404); // offered to NGOs only
    expect(await statusFor(donor.token)).toBe(404);
    expect(await statusFor()).toBe(401);
    // The listing's id no longer leads to its photo.
    expect((await photo(`/api/medicines/${medicine.id}/image`, ngo.token)).status).toBe(404);
    expect((await photo(`/api/medicines/photos/${'0'.repeat(32)}/thumb`, admin.token)).status).toBe(404);

    // The browser keeps its copy and asks again: answered 304 only after the check. (As its cache
    // does; fetch would add `Cache-Control: no-cache` to a hand-made conditional request.)
    const first = await photo(imageUrl, ngo.token);
    const revalidate = { 'if-none-match': first.headers.get('etag')!, 'cache-control': 'max-age=0' };
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await photo(imageUrl, ngo.token, revalidate)).status).toBe(304);

    expect(
      (await p.api.put(`/api/medicines/${medicine.id}`, { isAvailable: false }, { token: pharmacy.token }))
        .status,
    ).toBe(200);
    expect(await statusFor(ngo.token)).toBe(404);
    expect((await photo(imageUrl, ngo.token, revalidate)).status).toBe(404);
    expect(await statusFor(pharmacy.token)).toBe(200);
    expect(await statusFor(admin.token)).toBe(200);

    // Listed again, but its owner suspended (the read model says so): hidden from others again.
    await p.api.put(`/api/medicines/${medicine.id}`, { isAvailable: true }, { token: pharmacy.token });
    expect(await statusFor(ngo.token)).toBe(200);
    const pool = p.catalog.service.ctx.pool;
    await pool.query("UPDATE catalog.users SET status = 'rejected' WHERE id = $1", [pharmacy.id]);
    try {
      expect(await statusFor(ngo.token)).toBe(404);
      expect(await statusFor(admin.token)).toBe(200);
    } finally {
      await pool.query("UPDATE catalog.users SET status = 'approved' WHERE id = $1", [pharmacy.id]);
    }
  });

  it('a new photo gets a new key and the old one stops serving; removing it removes its files', async () => {
    const medicine = await list();
    const first = (await upload(medicine.id, await png(), 'image/png', pharmacy.token)).body;
    const webp = await sharp(await png(8, 8))
      .webp()
      .toBuffer();
    const second = await upload(medicine.id, webp, 'application/octet-stream', pharmacy.token);
    expect(second.status).toBe(200);
    expect(second.body.imageUrl).not.toBe(first.imageUrl);
    expect((await photo(first.imageUrl, pharmacy.token)).status).toBe(404);
    expect((await photo(second.body.imageUrl, pharmacy.token)).status).toBe(200);

    const removed = await p.api.delete(`/api/medicines/${medicine.id}/image`, { token: pharmacy.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ imageUrl: null, thumbnailUrl: null });
    expect((await photo(second.body.imageUrl, pharmacy.token)).status).toBe(404);
  });

  it('converts photos stored as uploaded before: re-encoded under a random key, the old file gone', async () => {
    const { pool, storage } = p.catalog.service.ctx;
    const medicine = await list();
    const legacyKey = `${medicine.id}-${randomUUID()}.jpg`;
    await storage.put(legacyKey, await phonePhoto());
    await pool.query('UPDATE catalog.medicines SET image_key = $2 WHERE id = $1', [medicine.id, legacyKey]);
    const missing = await list();
    await pool.query('UPDATE catalog.medicines SET image_key = $2 WHERE id = $1', [
      missing.id,
      `${missing.id}-${randomUUID()}.png`,
    ]);
    // Until converted, a stored photo has no address (its old one no longer serves).
    expect(
      (await p.api.get(`/api/medicines/${medicine.id}`, { token: pharmacy.token })).body.imageUrl,
    ).toBeNull();

    expect(await convertLegacyPhotos(p.catalog.service.ctx)).toBe(2);
    const converted = (await p.api.get(`/api/medicines/${medicine.id}`, { token: pharmacy.token })).body;
    expect(converted.thumbnailUrl).toMatch(/^\/api\/medicines\/photos\/[0-9a-f]{32}\/thumb$/);
    const served = await photo(converted.thumbnailUrl, pharmacy.token);
    const meta = await sharp(served.data).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([160, 320, undefined]);
    expect(await storage.get(legacyKey)).toBeNull();
    const dropped = (await p.api.get(`/api/medicines/${missing.id}`, { token: pharmacy.token })).body;
    expect(dropped.imageUrl).toBeNull();
    expect(await convertLegacyPhotos(p.catalog.service.ctx)).toBe(0);
  });

  it('checks the bytes, not the label: text, a GIF, or a broken PNG are refused with 415', async () => {
    const medicine = await list();
    const text = await upload(medicine.id, Buffer.from('hello, not an image'), 'image/png', pharmacy.token);
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The photo must be a JPEG, PNG or WebP image',
    });
    expect((await upload(medicine.id, Buffer.from('GIF89a....'), 'image/gif', pharmacy.token)).status).toBe(
      415,
    );
    // The PNG signature followed by junk: the decoder refuses it.
    const broken = Buffer.concat([(await png()).subarray(0, 8), Buffer.alloc(200, 7)]);
    expect((await upload(medicine.id, broken, 'image/png', pharmacy.token)).status).toBe(415);
    expect(
      (await upload(medicine.id, await png(), 'multipart/form-data; boundary=x', pharmacy.token)).status,
    ).toBe(415);
    expect((await upload(medicine.id, Buffer.alloc(0), 'image/png', pharmacy.token)).status).toBe(400);
  });

  it('caps the size at the max-upload setting (413), read from what identity publishes', async () => {
    const medicine = await list();
    const saved = await p.identity.api.put(
      '/api/admin/settings',
      { maxUploadSize: 1 },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    const big = Buffer.concat([await png(), Buffer.alloc(1024 * 1024)]);
    // The catalog keeps the settings it heard for a second: the new cap holds once that has passed.
    let res: Awaited<ReturnType<typeof upload>> | undefined;
    await expect
      .poll(async () => (res = await upload(medicine.id, big, 'image/png', pharmacy.token)).status, {
        interval: 200,
      })
      .toBe(413);
    expect(res?.body.message).toBe('The photo must be at most 1 MB');
    expect((await upload(medicine.id, await png(), 'image/png', pharmacy.token)).status).toBe(200);
    await p.identity.api.put('/api/admin/settings', { maxUploadSize: 10 }, { token: admin.token });
  });

  it('answers a streamed upload past the limit with 413 at once, and reads the rest, so the sender is never reset', async () => {
    const medicine = await list();
    // 20 MB: the 413 comes after 10 MB (the sender waits at 11 MB until it has), and the rest
    // must still be read, or the sender stalls until the connection is reset and the answer on
    // its way can be lost.
    const outcome = await streamedUpload(
      `${p.catalog.baseUrl}/api/medicines/${medicine.id}/image`,
      {
        Authorization: `Bearer ${pharmacy.token}`,
        'Content-Type': 'image/png',
      },
      { waitForAnswerAtMb: 11 },
    );
    expect(outcome.error).toBeUndefined();
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(outcome.sentMb).toBe(20);
    expect(outcome.answeredAtMb).toBeLessThanOrEqual(11);
  });

  it("refuses someone else's medicine (403), unknown ones (404) and anonymous uploads (401)", async () => {
    const medicine = await list();
    const image = await png();
    expect((await upload(medicine.id, image, 'image/png', donor.token)).status).toBe(403);
    expect((await upload(999999, image, 'image/png', pharmacy.token)).status).toBe(404);
    expect((await upload(medicine.id, image, 'image/png', 'nope')).status).toBe(401);
  });
});
