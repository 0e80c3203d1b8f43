import { newSealingKey } from '@medrelay/service-kit';
import { testStores } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  medicineInput,
  startRequestsFor,
  startTestPlatform,
  type TestPlatform,
  type TestRequests,
  type TestUser,
} from '../testing';

// Handover codes outlive restarts and key rotations: they are sealed with the
// keyring (SEALING_KEYS), not with keys derived from the per-start internal secret.
let p: TestPlatform;
let pharmacy: TestUser, ngo: TestUser;
const others: TestRequests[] = [];
beforeAll(async () => {
  p = await startTestPlatform();
  [pharmacy, ngo] = await Promise.all([p.user('pharmacy'), p.user('ngo')]);
});
afterAll(async () => {
  await Promise.all(others.map((o) => o.stop()));
  await p.stop();
});

/** Another svc-requests on the same stores, as after a restart or on another node. */
async function anotherInstance(overrides: { SEALING_KEYS?: string; INTERNAL_SECRET?: string }) {
  const instance = await startRequestsFor(p.identity, p.catalog, { WORKERS: 'off', ...overrides });
  others.push(instance);
  return instance;
}

async function approvedRequest() {
  const medicine = (
    await p.catalog.api.post('/api/medicines', medicineInput({ quantity: 5 }), { token: pharmacy.token })
  ).body;
  const created = await p.requests.api.post(
    '/api/requests',
    { medicineId: medicine.id, quantity: 1 },
    { token: ngo.token },
  );
  const id = created.body.id as number;
  expect(
    (
      await p.requests.api.put(
        `/api/requests/${id}/status`,
        { status: 'approved' },
        { token: pharmacy.token },
      )
    ).status,
  ).toBe(200);
  const code = (await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body.handoverCode
    .code as string;
  return { id, code };
}

const codeOn = async (instance: TestRequests, id: number) => {
  const answer = await instance.api.get(`/api/requests/${id}`, { token: ngo.token });
  expect(answer.status).toBe(200);
  return answer.body.handoverCode.code as string;
};
const handover = (instance: TestRequests, id: number, code: string, language = 'en') =>
  instance.api.post(
    `/api/requests/${id}/handover`,
    { code },
    { token: pharmacy.token, headers: { 'accept-language': language } },
  );

describe('handover codes and the keyring', () => {
  it('open and check on a restarted service with a new internal secret', async () => {
    const { id, code } = await approvedRequest();
    const restarted = await anotherInstance({ INTERNAL_SECRET: 'another-internal-secret-after-restart' });
    expect(await codeOn(restarted, id)).toBe(code);
    const done = await handover(restarted, id, code);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');
  });

  it('still open after a rotation that keeps the old key second, while new codes use the new key', async () => {
    const before = await approvedRequest();
    const rotated = await anotherInstance({
      SEALING_KEYS: `${newSealingKey('next')},${testStores().sealingKeys}`,
    });
    expect(await codeOn(rotated, before.id)).toBe(before.code);
    expect((await handover(rotated, before.id, before.code)).status).toBe(200);
  });

  it('are issued anew, never a 500, once their key has left the keyring; the old digits are refused plainly', async () => {
    const { id, code } = await approvedRequest();
    const lost = await anotherInstance({ SEALING_KEYS: newSealingKey('fresh') });
    const renewed = await codeOn(lost, id);
    expect(renewed).toMatch(/^[0-9]{6}$/);
    // Shown again, the new code stays the same.
    expect(await codeOn(lost, id)).toBe(renewed);
    expect(renewed).not.toBe(code); // one chance in a million of drawing the same digits
    expect((await handover(lost, id, code)).status).toBe(422);
    expect((await handover(lost, id, renewed)).status).toBe(200);
  });

  it('tell the owner to ask for the new code when the one stored can no longer be checked', async () => {
    const { id, code } = await approvedRequest();
    const lost = await anotherInstance({ SEALING_KEYS: newSealingKey('other') });
    // The owner types the code before the requester has opened the request again.
    const refused = await handover(lost, id, code, 'ar');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'HANDOVER_CODE_RENEWED' });
    expect(refused.body.message).toContain('كود تسليم جديد');
    const renewed = await codeOn(lost, id);
    expect((await handover(lost, id, renewed)).status).toBe(200);
  });
});
