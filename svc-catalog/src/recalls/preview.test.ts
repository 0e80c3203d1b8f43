import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Medicine, Recall, RecallPreview } from '@medrelay/contracts';
import { medicineInput, startTestCatalog, type TestCatalogPlatform } from '../testing';

/**
 * A recall's dry run: what issuing it would quarantine now (listings, owners, units), asked by
 * the admin's screen before it issues; nothing is written.
 */
let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let pharmacy: U, pharmacy2: U, donor: U, admin: U;
beforeAll(async () => {
  p = await startTestCatalog();
  [pharmacy, pharmacy2, donor, admin] = await Promise.all([
    p.user('pharmacy'),
    p.user('pharmacy'),
    p.user('donor'),
    p.user('admin'),
  ]);
});
afterAll(() => p.stop());

/** A valid GTIN-14 for a number (check digit computed), a product of its own per test. */
function gtinOf(n: number): string {
  const body = `0622${String(n).padStart(9, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

const list = async (owner: U, overrides: Record<string, unknown>) => {
  const res = await p.api.post('/api/medicines', medicineInput(overrides), { token: owner.token });
  expect(res.status).toBe(201);
  return res.body as Medicine;
};
const preview = (body: Record<string, unknown>, token = admin.token, language = 'en') =>
  p.api.post('/api/admin/recalls/preview', body, {
    token,
    headers: { 'accept-language': language },
  });
const reason = 'Particles found in vials';

describe('POST /api/admin/recalls/preview', () => {
  it('counts the listings on offer of the GTIN and batch (letter case aside), their owners and units, and writes nothing', async () => {
    const gtin = gtinOf(7101);
    // Two owners list the batch (one types it in lower case); one listing is unlisted.
    const a = await list(pharmacy, { gtin, batch: 'LOT1', quantity: 4 });
    await list(pharmacy, { gtin, batch: 'lot1', quantity: 6 });
    await list(pharmacy2, { gtin, batch: 'LOT1', quantity: 5 });
    const unlisted = await list(donor, { gtin, batch: 'LOT1', quantity: 9 });
    expect((await p.api.delete(`/api/medicines/${unlisted.id}`, { token: donor.token })).status).toBe(200);
    // Another batch and another product are not counted.
    await list(pharmacy, { gtin, batch: 'LOT2', quantity: 7 });
    await list(pharmacy, { gtin: gtinOf(7102), batch: 'LOT1', quantity: 8 });

    const res = await preview({ gtin, batch: 'Lot1', reason });
    expect(res.status).toBe(200);
    expect(res.body as RecallPreview).toEqual({
      gtin,
      batch: 'Lot1',
      listings: 3,
      owners: 2,
      units: 15,
      inForce: null,
    });

    // A GTIN-13 (typed as on the box) is read as its GTIN-14, as the issue reads it.
    expect((await preview({ gtin: gtin.slice(1), batch: 'LOT1', reason })).body).toMatchObject({
      gtin,
      listings: 3,
    });

    // Nothing was written: no recall, the listing still on offer.
    const pool = p.catalog.service.ctx.pool;
    expect(
      (await pool.query('SELECT count(*)::int AS n FROM catalog.recalls WHERE gtin = $1', [gtin])).rows[0].n,
    ).toBe(0);
    const row = await p.api.get<Medicine>(`/api/medicines/${a.id}`, { token: pharmacy.token });
    expect(row.body).toMatchObject({ isAvailable: true, quarantined: false });

    // Issuing it then quarantines exactly what the preview counted.
    const issued = await p.api.post<Recall>(
      '/api/admin/recalls',
      { gtin, batch: 'Lot1', reason },
      {
        token: admin.token,
      },
    );
    expect(issued.status).toBe(201);
    expect(issued.body.hiddenListings).toBe(3);

    // Asked again, the preview says a recall is in force (its listings would be held by both):
    // the admin is warned before telling everyone a second time. Lifted, it is no longer said.
    const again = await preview({ gtin, batch: 'lot1', reason: 'Another reason' });
    expect(again.body).toMatchObject({
      listings: 3,
      inForce: { reason, recalledAt: issued.body.createdAt },
    });
    const lift = await p.api.delete(`/api/admin/recalls/${issued.body.id}`, { token: admin.token });
    expect(lift.status).toBe(200);
    expect((await preview({ gtin, batch: 'LOT1', reason })).body).toMatchObject({
      listings: 3,
      inForce: null,
    });
  });

  it('answers zero when the batch was listed once but nothing of it is on offer now', async () => {
    const gtin = gtinOf(7103);
    const gone = await list(pharmacy, { gtin, batch: 'B7', quantity: 3 });
    expect((await p.api.delete(`/api/medicines/${gone.id}`, { token: pharmacy.token })).status).toBe(200);
    const res = await preview({ gtin, batch: 'B7', reason });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ gtin, batch: 'B7', listings: 0, owners: 0, units: 0, inForce: null });
  });

  it('refuses a batch no listing ever carried as the issue does (422, en + ar), bad input (400) and non-admins (403)', async () => {
    const gtin = gtinOf(7104);
    await list(pharmacy, { gtin, batch: 'REAL1' });
    const typo = await preview({ gtin, batch: 'REAL11', reason });
    expect(typo.status).toBe(422);
    expect(typo.body).toMatchObject({
      code: 'RECALL_BATCH_UNKNOWN',
      message: 'No listing on MedRelay has carried this product code and batch: check both and try again',
      details: { gtin, batch: 'REAL11' },
    });
    const arabic = await preview({ gtin, batch: 'REAL11', reason }, admin.token, 'ar');
    expect(arabic.body.message).toBe(
      'مفيش أي إعلان على MedRelay اتعرض بكود المنتج والتشغيلة دول: راجعهم وجرّب تاني',
    );

    const badDigit = `${gtin.slice(0, 13)}${(Number(gtin[13]) + 1) % 10}`;
    const invalid = await preview({ gtin: badDigit, batch: 'REAL1', reason });
    expect([invalid.status, invalid.body.code]).toEqual([400, 'VALIDATION_FAILED']);

    expect((await preview({ gtin, batch: 'REAL1', reason }, pharmacy.token)).status).toBe(403);
  });
});
