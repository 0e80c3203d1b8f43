import type { Medicine } from '@medrelay/contracts';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestCatalog, type TestCatalogPlatform } from '../testing';
import { withoutPharmacistLicense } from '@medrelay/svc-identity/licence-fixture';

// A donor's medicine goes only to a licensed pharmacist (Egyptian law): browse does not offer
// it to an NGO without one, and says why.

let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let licensed: U, unlicensed: U;
let donation: Medicine, stock: Medicine;

/** Waits until the catalog's read model says whether the user has a pharmacist. */
async function readModelSays(user: U, hasPharmacist: boolean) {
  await waitUntil(
    async () =>
      (
        await p.catalog.service.ctx.pool.query('SELECT has_pharmacist FROM catalog.users WHERE id = $1', [
          user.id,
        ])
      ).rows[0]?.has_pharmacist === hasPharmacist,
    { what: `has_pharmacist ${hasPharmacist} in the catalog's read model` },
  );
}

/** The live 'account' events the catalog raised for the user (its browse lists changed). */
async function accountEvents(user: U) {
  const { rows } = await p.catalog.service.ctx.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM catalog.outbox
      WHERE queue = 'live' AND payload->'event' = '{"kind": "account"}'::jsonb AND payload->'userIds' = $1::jsonb`,
    [JSON.stringify([user.id])],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  p = await startTestCatalog();
  const [donor, pharmacy] = await Promise.all([p.user('donor'), p.user('pharmacy')]);
  [licensed, unlicensed] = await Promise.all([p.user('ngo'), p.user('ngo')]);
  donation = (
    await p.api.post('/api/medicines', medicineInput({ name: 'Concor donated', recipientType: 'ngos' }), {
      token: donor.token,
    })
  ).body;
  stock = (
    await p.api.post('/api/medicines', medicineInput({ name: 'Concor stocked', recipientType: 'ngos' }), {
      token: pharmacy.token,
    })
  ).body;
  await withoutPharmacistLicense(p.identity, unlicensed.id);
  await readModelSays(unlicensed, false);
});
afterAll(() => p.stop());

const browse = (user: U, query = '') =>
  p.api.get<Medicine[]>(`/api/medicines?${query}`, { token: user.token });
const ids = (items: Medicine[]) => items.map((m) => m.id);

describe('donations in browse', () => {
  it('are offered to an NGO with a pharmacist, with pharmacies’ stock', async () => {
    const res = await browse(licensed);
    expect(ids(res.body)).toEqual(expect.arrayContaining([donation.id, stock.id]));
    expect(res.headers.get('x-browse-hint')).toBe('set-point');
    expect(ids((await browse(licensed, 'source=donor')).body)).toEqual([donation.id]);
  });

  it('are not offered to an NGO without one, which is told why; its licence brings them back once an administrator accepts it', async () => {
    const all = await browse(unlicensed);
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([stock.id]);
    expect(all.headers.get('x-total-count')).toBe('1');
    expect(all.headers.get('x-browse-hint')).toBe('set-point, pharmacist-required');
    const donationsOnly = await browse(unlicensed, 'source=donor');
    expect([donationsOnly.status, donationsOnly.body, donationsOnly.headers.get('x-total-count')]).toEqual([
      200,
      [],
      '0',
    ]);
    expect(ids((await browse(unlicensed, 'q=concor&sort=name')).body)).toEqual([stock.id]);

    // The NGO adds a number in Settings: it waits for an administrator, donations stay hidden.
    const settings = await p.identity.api.put(
      '/api/auth/me',
      { pharmacistLicense: '104471' },
      {
        token: unlicensed.token,
      },
    );
    expect(settings.status).toBe(200);
    expect(settings.body.profile).toMatchObject({
      pharmacistLicense: '104471',
      pharmacistLicensePending: true,
    });
    // Its user event (this version) has reached the read model, and still says no pharmacist.
    const { version } = (
      await p.identity.service.ctx.pool.query<{ version: number }>(
        'SELECT version FROM identity.users WHERE id = $1',
        [unlicensed.id],
      )
    ).rows[0]!;
    await waitUntil(
      async () =>
        (
          await p.catalog.service.ctx.pool.query<{ version: number }>(
            'SELECT version FROM catalog.users WHERE id = $1',
            [unlicensed.id],
          )
        ).rows[0]!.version >= version,
      { what: "the licence's user event in the catalog" },
    );
    await readModelSays(unlicensed, false);
    const waiting = await browse(unlicensed);
    expect(ids(waiting.body)).toEqual([stock.id]);
    expect(waiting.headers.get('x-browse-hint')).toBe('set-point, pharmacist-required');

    // An administrator accepts it: donations are offered.
    const toldBefore = await accountEvents(unlicensed);
    const admin = await p.user('admin');
    const accepted = await p.identity.api.put(
      `/api/admin/users/${unlicensed.id}/pharmacist-license/accept`,
      undefined,
      { token: admin.token },
    );
    expect(accepted.status).toBe(200);
    await readModelSays(unlicensed, true);
    // Its open browse screen is told once the catalog knows (not when identity decided).
    expect(await accountEvents(unlicensed)).toBe(toldBefore + 1);
    const after = await browse(unlicensed);
    expect(ids(after.body)).toEqual(expect.arrayContaining([donation.id, stock.id]));
    expect(after.headers.get('x-browse-hint')).toBe('set-point');
  });
});
