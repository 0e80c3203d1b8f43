import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestCatalog, type TestCatalogPlatform } from '../testing';

let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let pharmacy: U, other: U, admin: U;
beforeAll(async () => {
  p = await startTestCatalog();
  [pharmacy, other, admin] = await Promise.all([p.user('pharmacy'), p.user('donor'), p.user('admin')]);
});
afterAll(() => p.stop());

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.alloc(100)]);

async function upload(id: number, data: Buffer, contentType: string, token: string) {
  const res = await fetch(`${p.catalog.baseUrl}/api/medicines/${id}/image`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: data,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('medicine photos', () => {
  it('serves the fallback image until a photo is uploaded, then the photo; replacing and removing work', async () => {
    const medicine = (await p.api.post('/api/medicines', medicineInput(), { token: pharmacy.token })).body;
    const fallback = await fetch(`${p.catalog.baseUrl}/api/medicines/${medicine.id}/image`);
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('content-type')).toContain('image/svg+xml');

    const first = await upload(medicine.id, png, 'image/png', pharmacy.token);
    expect(first.status).toBe(200);
    expect(first.body.imageUrl).toMatch(new RegExp(`^/api/medicines/${medicine.id}/image\\?v=`));
    const served = await fetch(`${p.catalog.baseUrl}${first.body.imageUrl}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const second = await upload(medicine.id, jpeg, 'image/jpeg', pharmacy.token);
    expect(second.body.imageUrl).not.toBe(first.body.imageUrl);
    expect((await fetch(`${p.catalog.baseUrl}${second.body.imageUrl}`)).headers.get('content-type')).toBe(
      'image/jpeg',
    );
    expect((await upload(medicine.id, webp, 'application/octet-stream', pharmacy.token)).status).toBe(200);

    const removed = await p.api.delete(`/api/medicines/${medicine.id}/image`, { token: pharmacy.token });
    expect(removed.status).toBe(200);
    expect(removed.body.imageUrl).toBeNull();
    const after = await fetch(`${p.catalog.baseUrl}/api/medicines/${medicine.id}/image`);
    expect(after.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('checks the bytes, not the label: text or a GIF called image/png is refused with 415', async () => {
    const medicine = (await p.api.post('/api/medicines', medicineInput(), { token: pharmacy.token })).body;
    const text = await upload(medicine.id, Buffer.from('hello, not an image'), 'image/png', pharmacy.token);
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The photo must be a JPEG, PNG or WebP image',
    });
    expect((await upload(medicine.id, Buffer.from('GIF89a....'), 'image/gif', pharmacy.token)).status).toBe(
      415,
    );
    expect((await upload(medicine.id, png, 'multipart/form-data; boundary=x', pharmacy.token)).status).toBe(
      415,
    );
    expect((await upload(medicine.id, Buffer.alloc(0), 'image/png', pharmacy.token)).status).toBe(400);
  });

  it('caps the size at the max-upload setting (413), read from what identity publishes', async () => {
    const medicine = (await p.api.post('/api/medicines', medicineInput(), { token: pharmacy.token })).body;
    const saved = await p.identity.api.put(
      '/api/admin/settings',
      { maxUploadSize: 1 },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // the catalog caches settings for a second
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024)]);
    const res = await upload(medicine.id, big, 'image/png', pharmacy.token);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The photo must be at most 1 MB');
    expect((await upload(medicine.id, png, 'image/png', pharmacy.token)).status).toBe(200);
    await p.identity.api.put('/api/admin/settings', { maxUploadSize: 10 }, { token: admin.token });
  });

  it("refuses someone else's medicine (403), unknown ones (404) and anonymous uploads (401)", async () => {
    const medicine = (await p.api.post('/api/medicines', medicineInput(), { token: pharmacy.token })).body;
    expect((await upload(medicine.id, png, 'image/png', other.token)).status).toBe(403);
    expect((await upload(999999, png, 'image/png', pharmacy.token)).status).toBe(404);
    expect((await upload(medicine.id, png, 'image/png', 'nope')).status).toBe(401);
    expect((await fetch(`${p.catalog.baseUrl}/api/medicines/999999/image`)).status).toBe(404);
  });
});
