import { waitUntil } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import { admin, ask, donor, inDays, list, move, p, pharmacy, useRequestsPlatform } from './requests-fixture';
import { withoutPharmacistLicense } from '@medrelay/svc-identity/licence-fixture';

// A donor's medicine goes only to a licensed pharmacist (Egyptian law). A licence an NGO adds
// after its account's review counts only once an administrator accepted it.

useRequestsPlatform();

const hasPharmacistInRequests = async (id: number) =>
  (await p.requests.service.ctx.pool.query('SELECT has_pharmacist FROM requests.users WHERE id = $1', [id]))
    .rows[0]?.has_pharmacist as boolean | undefined;
/** The live 'account' events svc-requests raised for the user (its matches changed). */
const accountEvents = async (id: number) =>
  (
    await p.requests.service.ctx.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM requests.outbox
        WHERE queue = 'live' AND payload->'event' = '{"kind": "account"}'::jsonb AND payload->'userIds' = $1::jsonb`,
      [JSON.stringify([id])],
    )
  ).rows[0]!.n;
/** Waits until svc-requests' read model holds the user's latest version from identity. */
async function readModelCaughtUp(id: number) {
  const { version } = (
    await p.identity.service.ctx.pool.query<{ version: number }>(
      'SELECT version FROM identity.users WHERE id = $1',
      [id],
    )
  ).rows[0]!;
  await waitUntil(
    async () =>
      (
        await p.requests.service.ctx.pool.query<{ version: number }>(
          'SELECT version FROM requests.users WHERE id = $1',
          [id],
        )
      ).rows[0]!.version >= version,
    { what: "the user's latest event in svc-requests" },
  );
}

describe("a donor's medicine and the NGO's pharmacist", () => {
  it('goes to an NGO with a licensed pharmacist only: one approved before licences were asked is refused it, not pharmacy stock', async () => {
    const [licensed, unlicensed] = await Promise.all([p.user('ngo'), p.user('ngo')]);
    const donation = await list(donor.token, 90, { quantity: 4, recipientType: 'ngos', name: 'Concor 5mg' });
    const pending = (await ask(unlicensed.token, { medicineId: donation.id, quantity: 1 })).body.id as number;
    expect(await withoutPharmacistLicense(p.identity, unlicensed.id)).toBe(1);
    await readModelCaughtUp(unlicensed.id);
    expect(await hasPharmacistInRequests(unlicensed.id)).toBe(false);
    const refused = await ask(
      unlicensed.token,
      { medicineId: donation.id, quantity: 1 },
      { 'accept-language': 'ar' },
    );
    expect([refused.status, refused.body.code]).toEqual([409, 'PHARMACIST_REQUIRED']);
    expect(refused.body.message).toContain('صيدلي مرخّص');
    // Its request made before is not approved either.
    const approval = await move(donor.token, pending, {
      status: 'approved',
      pickupLocation: 'Zamalek',
      pickupDate: inDays(2),
    });
    expect([approval.status, approval.body.code]).toEqual([409, 'PHARMACIST_REQUIRED']);
    // A pharmacy's stock is not a donation: the same NGO may still request it.
    const stock = await list(pharmacy.token, 60, { recipientType: 'ngos' });
    expect((await ask(unlicensed.token, { medicineId: stock.id, quantity: 1 })).status).toBe(201);
    expect((await ask(licensed.token, { medicineId: donation.id, quantity: 1 })).status).toBe(201);
  });

  it('refuses a licence typed in Settings until an administrator accepts it, then receives donations', async () => {
    const ngo = await p.user('ngo');
    const donation = await list(donor.token, 90, { quantity: 4, recipientType: 'ngos', name: 'Concor 5mg' });
    const pending = (await ask(ngo.token, { medicineId: donation.id, quantity: 1 })).body.id as number;
    // Approved before the licence was required: none recorded.
    await withoutPharmacistLicense(p.identity, ngo.id);
    await readModelCaughtUp(ngo.id);
    expect(await hasPharmacistInRequests(ngo.id)).toBe(false);

    // Any number typed in Settings: held for review, the NGO still refused.
    const typed = await p.identity.api.put(
      '/api/auth/me',
      { pharmacistLicense: '0000' },
      { token: ngo.token },
    );
    expect(typed.status).toBe(200);
    await readModelCaughtUp(ngo.id);
    expect(await hasPharmacistInRequests(ngo.id)).toBe(false);
    const refused = await ask(
      ngo.token,
      { medicineId: donation.id, quantity: 1 },
      { 'accept-language': 'ar' },
    );
    expect([refused.status, refused.body.code]).toEqual([409, 'PHARMACIST_REQUIRED']);
    expect(refused.body.message).toContain('صيدلي مرخّص');
    // Told that the number typed waits for a review, not only to add one.
    expect(refused.body.message).toContain('مسؤول المنصة يراجعه');
    const approval = await move(donor.token, pending, {
      status: 'approved',
      pickupLocation: 'Zamalek',
      pickupDate: inDays(2),
    });
    expect([approval.status, approval.body.code]).toEqual([409, 'PHARMACIST_REQUIRED']);

    // Only an administrator may accept it; then the NGO receives donations.
    const self = await p.identity.api.put(`/api/admin/users/${ngo.id}/pharmacist-license/accept`, undefined, {
      token: ngo.token,
    });
    expect(self.status).toBe(403);
    const toldBefore = await accountEvents(ngo.id);
    const accepted = await p.identity.api.put(
      `/api/admin/users/${ngo.id}/pharmacist-license/accept`,
      undefined,
      { token: admin.token },
    );
    expect(accepted.status).toBe(200);
    await waitUntil(async () => (await hasPharmacistInRequests(ngo.id)) === true, {
      what: 'the read model told the NGO has a pharmacist',
    });
    // Its open wanted list is told its matches changed (donations matched from now on).
    expect(await accountEvents(ngo.id)).toBe(toldBefore + 1);
    // Its request made before may now be approved.
    const approved = await move(donor.token, pending, {
      status: 'approved',
      pickupLocation: 'Zamalek',
      pickupDate: inDays(2),
    });
    expect([approved.status, approved.body.status]).toEqual([200, 'approved']);
  });
});
