import { medicineInput, type TestPlatform, type TestUser } from '@medrelay/svc-requests/testing';
import { streamedUpload, waitUntil } from '@medrelay/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformBehindGateway, startTestGateway, type TestGateway } from './testing';

const started = platformBehindGateway();
let p: TestPlatform;
let gw: TestGateway;
let pharmacy: TestUser, admin: TestUser;
let medicineId: number;
beforeAll(async () => {
  ({ p, gw } = started);
  [pharmacy, admin] = await Promise.all([p.user('pharmacy'), p.user('admin')]);
  medicineId = (await gw.api.post('/api/medicines', medicineInput(), { token: pharmacy.token })).body.id;
});

const twentyMegabytes = Buffer.alloc(20 * 1024 * 1024, 1);

/** A photo upload through the gateway; `chunked` sends no Content-Length (a streamed body). */
async function upload(body: Buffer, { chunked = false, language = 'en', baseUrl = gw.baseUrl } = {}) {
  const res = await fetch(`${baseUrl}/api/medicines/${medicineId}/image`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${pharmacy.token}`,
      'content-type': 'image/jpeg',
      'accept-language': language,
    },
    body: chunked
      ? new ReadableStream({
          start(controller) {
            for (let at = 0; at < body.length; at += 1024 * 1024)
              controller.enqueue(body.subarray(at, at + 1024 * 1024));
            controller.close();
          },
        })
      : body,
    ...(chunked ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('oversized uploads through the gateway', () => {
  it('a 20 MB photo is refused with 413 and the JSON error, 10 times in a row, never 503', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await upload(twentyMegabytes);
      statuses.push(res.status);
      expect(res.body).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The photo must be at most 10 MB',
        details: { maxMb: 10 },
      });
    }
    expect(statuses).toEqual(Array(10).fill(413));
  }, 60_000);

  it("a streamed body without Content-Length gets the catalog's early 413 passed through, never 503", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await upload(twentyMegabytes, { chunked: true })).status);
    expect(statuses).toEqual(Array(10).fill(413));

    // And the rest of the upload is read: the caller is never left stalled, then reset.
    // The sender waits at 11 MB for the answer: the 413 must come before the upload ends.
    const outcome = await streamedUpload(
      `${gw.baseUrl}/api/medicines/${medicineId}/image`,
      { Authorization: `Bearer ${pharmacy.token}`, 'Content-Type': 'image/jpeg' },
      { waitForAnswerAtMb: 11 },
    );
    expect(outcome.error).toBeUndefined();
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.sentMb).toBe(20);
    expect(outcome.answeredAtMb).toBeLessThanOrEqual(11);
  }, 60_000);

  it("the gateway refuses by Content-Length itself, with the current setting, in the caller's language", async () => {
    // A second gateway with no catalog behind it: only its own check can answer 413.
    const alone = await startTestGateway(p.identity.prefix, { IDENTITY_URL: p.identity.baseUrl });
    try {
      const refused = await upload(twentyMegabytes, { baseUrl: alone.baseUrl, language: 'ar' });
      expect(refused).toEqual({
        status: 413,
        body: {
          code: 'PAYLOAD_TOO_LARGE',
          message: 'حجم الصورة ماينفعش يزيد عن 10 ميجا',
          details: { maxMb: 10 },
        },
      });
      // Under the limit the call goes on to the (absent) catalog.
      expect((await upload(Buffer.alloc(1024), { baseUrl: alone.baseUrl })).status).toBe(503);

      const saved = await gw.api.put('/api/admin/settings', { maxUploadSize: 1 }, { token: admin.token });
      expect(saved.status).toBe(200);
      const twoMegabytes = Buffer.alloc(2 * 1024 * 1024, 1);
      await waitUntil(async () => (await upload(twoMegabytes, { baseUrl: alone.baseUrl })).status === 413);
      expect((await upload(twoMegabytes, { baseUrl: alone.baseUrl })).body).toMatchObject({
        message: 'The photo must be at most 1 MB',
        details: { maxMb: 1 },
      });
    } finally {
      await gw.api.put('/api/admin/settings', { maxUploadSize: 10 }, { token: admin.token });
      await alone.stop();
    }
  }, 60_000);
});
