import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestCatalog, type TestCatalogPlatform } from '../testing';

// the pack code (GTIN, batch, serial) on listings, one open listing per pack, and the
// product dictionary learned from listings.
let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let pharmacy: U, pharmacy2: U, donor: U, ngo: U, admin: U;
beforeAll(async () => {
  p = await startTestCatalog();
  [pharmacy, pharmacy2, donor, ngo, admin] = await Promise.all([
    p.user('pharmacy'),
    p.user('pharmacy'),
    p.user('donor'),
    p.user('ngo'),
    p.user('admin'),
  ]);
});
afterAll(() => p.stop());

/** A valid GTIN-14 for a number (each test uses its own product), check digit computed. */
function gtinOf(n: number): string {
  const body = `0622${String(n).padStart(9, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

describe('pack codes on listings', () => {
  it('round-trips gtin, batch and serial through create, read, edit, lists and the event', async () => {
    const gtin = gtinOf(1);
    const created = await p.api.post(
      '/api/medicines',
      medicineInput({ gtin, batch: 'B12X', serial: 'SN-0001' }),
      { token: pharmacy.token },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ gtin, batch: 'B12X', serial: 'SN-0001' });
    const id = created.body.id as number;
    expect((await p.api.get(`/api/medicines/${id}`, { token: pharmacy.token })).body).toMatchObject({
      gtin,
      batch: 'B12X',
      serial: 'SN-0001',
    });
    const mine = await p.api.get('/api/medicines/my', { token: pharmacy.token });
    expect(mine.body.find((m: { id: number }) => m.id === id)).toMatchObject({ gtin, serial: 'SN-0001' });
    const edited = await p.api.put(
      `/api/medicines/${id}`,
      { batch: 'B13', serial: '' },
      { token: pharmacy.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ gtin, batch: 'B13', serial: null });
    const { rows } = await p.catalog.service.ctx.pool.query<{
      payload: { medicine: Record<string, unknown> };
    }>(
      `SELECT payload FROM catalog.outbox WHERE job_name = 'medicine.changed'
          AND payload->'medicine'->>'id' = $1 ORDER BY created_at DESC LIMIT 1`,
      [String(id)],
    );
    expect(rows[0]!.payload.medicine).toMatchObject({ gtin, batch: 'B13', serial: null });
  });

  it('stores a GTIN-13 (the printed barcode) as the GTIN-14 of the DataMatrix; without codes all are null', async () => {
    const gtin = gtinOf(2);
    const res = await p.api.post('/api/medicines', medicineInput({ gtin: gtin.slice(1) }), {
      token: donor.token,
    });
    expect(res.status).toBe(201);
    expect(res.body.gtin).toBe(gtin);
    const plain = await p.api.post('/api/medicines', medicineInput(), { token: donor.token });
    expect(plain.body).toMatchObject({ gtin: null, batch: null, serial: null });
  });

  it('refuses a GTIN with a wrong check digit with a 400 in both languages', async () => {
    const good = gtinOf(3);
    const bad = good.slice(0, 13) + String((Number(good[13]) + 1) % 10);
    const en = await p.api.post('/api/medicines', medicineInput({ gtin: bad }), { token: pharmacy.token });
    expect(en.status).toBe(400);
    expect(en.body.details).toEqual([expect.objectContaining({ path: 'gtin', rule: 'gtinInvalid' })]);
    expect(en.body.message).toContain('The product code (GTIN) is not valid');
    const ar = await p.api.put(
      '/api/medicines/1',
      { gtin: 'abc' },
      { token: pharmacy.token, headers: { 'accept-language': 'ar' } },
    );
    expect(ar.status).toBe(400);
    expect(ar.body.message).toContain('كود المنتج (GTIN) مش صحيح');
    const long = await p.api.post('/api/medicines', medicineInput({ serial: 'X'.repeat(21) }), {
      token: pharmacy.token,
    });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual([expect.objectContaining({ path: 'serial', rule: 'packCodeTooLong' })]);
  });

  it('lists one pack (GTIN + serial) once while its listing is open: 409 in both languages, free again once unlisted', async () => {
    const gtin = gtinOf(4);
    const pack = { gtin, batch: 'L1', serial: 'ONE' };
    const first = await p.api.post('/api/medicines', medicineInput(pack), { token: pharmacy.token });
    expect(first.status).toBe(201);
    const again = await p.api.post('/api/medicines', medicineInput(pack), {
      token: pharmacy2.token,
      headers: { 'accept-language': 'ar' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'PACK_ALREADY_LISTED',
      message: 'العلبة دي (نفس كود المنتج والرقم التسلسلي) معروضة بالفعل',
    });
    const en = await p.api.post('/api/medicines', medicineInput(pack), { token: donor.token });
    expect(en.status).toBe(409);
    expect(en.body.message).toBe('This pack (same product code and serial number) is already listed');
    // Another serial of the same product, or the same serial of another product, is another pack.
    expect(
      (
        await p.api.post('/api/medicines', medicineInput({ ...pack, serial: 'TWO' }), {
          token: pharmacy.token,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await p.api.post('/api/medicines', medicineInput({ ...pack, gtin: gtinOf(5) }), {
          token: pharmacy.token,
        })
      ).status,
    ).toBe(201);
    // Unlisting frees the serial; listing the old one again then conflicts with the new listing.
    expect((await p.api.delete(`/api/medicines/${first.body.id}`, { token: pharmacy.token })).status).toBe(
      200,
    );
    const relisted = await p.api.post('/api/medicines', medicineInput(pack), { token: pharmacy2.token });
    expect(relisted.status).toBe(201);
    const back = await p.api.put(
      `/api/medicines/${first.body.id}`,
      { isAvailable: true },
      { token: pharmacy.token },
    );
    expect(back.status).toBe(409);
    expect(back.body.code).toBe('PACK_ALREADY_LISTED');
    // An edit that gives a listing a serial already listed is refused the same way.
    const other = await p.api.post('/api/medicines', medicineInput({ gtin }), { token: pharmacy.token });
    const clash = await p.api.put(
      `/api/medicines/${other.body.id}`,
      { serial: 'ONE' },
      { token: pharmacy.token },
    );
    expect(clash.status).toBe(409);
  });

  it('lets exactly one of parallel creates of the same pack win; the others get 409, never a 500', async () => {
    const pack = { gtin: gtinOf(6), batch: 'RACE', serial: 'R-1' };
    const owners = [pharmacy, pharmacy2, donor];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        p.api.post('/api/medicines', medicineInput(pack), { token: owners[i % owners.length]!.token }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const { rows } = await p.catalog.service.ctx.pool.query(
      'SELECT id FROM catalog.medicines WHERE gtin = $1 AND serial = $2',
      [pack.gtin, pack.serial],
    );
    expect(rows).toHaveLength(1);
  });
});

describe('product dictionary', () => {
  it('learns a GTIN from its first listing; later listings do not change it', async () => {
    const gtin = gtinOf(7);
    expect((await p.api.get(`/api/products/${gtin}`, { token: pharmacy.token })).status).toBe(404);
    await p.api.post('/api/medicines', medicineInput({ gtin, name: 'Augmentin 1g', type: 'tablets' }), {
      token: pharmacy.token,
    });
    await p.api.post('/api/medicines', medicineInput({ gtin, name: 'augmentin', type: 'other' }), {
      token: donor.token,
    });
    // Any approved account may look a code up; by GTIN-13 as well.
    for (const who of [pharmacy2, donor, ngo]) {
      const res = await p.api.get(`/api/products/${gtin.slice(1)}`, { token: who.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ gtin, name: 'Augmentin 1g', type: 'tablets', source: 'listing' });
    }
    // Typed in Arabic-Indic digits (as the listing form takes them): the same product.
    const arabic = [...gtin].map((d) => String.fromCharCode(0x0660 + Number(d))).join('');
    const typed = await p.api.get(`/api/products/${encodeURIComponent(arabic)}`, { token: ngo.token });
    expect([typed.status, typed.body.gtin]).toEqual([200, gtin]);
  });

  it('says why a lookup is refused: a bad code 400, an unknown one 404, both in Arabic too', async () => {
    const bad = await p.api.get('/api/products/06221234567890', {
      token: donor.token,
      headers: { 'accept-language': 'ar' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('كود المنتج (GTIN) مش صحيح');
    const unknown = await p.api.get(`/api/products/${gtinOf(8)}`, {
      token: donor.token,
      headers: { 'accept-language': 'ar' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('مفيش منتج معروف بالكود ده لسه');
    expect((await p.api.get(`/api/products/${gtinOf(8)}`)).status).toBe(401);
  });

  it('lets an admin correct an entry, which later listings never overwrite; others may not', async () => {
    const gtin = gtinOf(9);
    await p.api.post('/api/medicines', medicineInput({ gtin, name: 'Brufen 400 typo', type: 'syrup' }), {
      token: pharmacy.token,
    });
    for (const who of [pharmacy, donor]) {
      const res = await p.api.put(
        `/api/admin/products/${gtin}`,
        { name: 'Brufen', type: 'tablets' },
        { token: who.token },
      );
      expect(res.status).toBe(403);
    }
    const fixed = await p.api.put(
      `/api/admin/products/${gtin}`,
      { name: 'Brufen 400mg', type: 'tablets' },
      { token: admin.token },
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ gtin, name: 'Brufen 400mg', type: 'tablets', source: 'admin' });
    await p.api.post('/api/medicines', medicineInput({ gtin, name: 'Something else', type: 'gel' }), {
      token: pharmacy2.token,
    });
    expect((await p.api.get(`/api/products/${gtin}`, { token: donor.token })).body).toMatchObject({
      name: 'Brufen 400mg',
      type: 'tablets',
      source: 'admin',
    });
    const list = await p.api.get(`/api/admin/products?q=Brufen`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(list.body).toEqual([expect.objectContaining({ gtin, name: 'Brufen 400mg' })]);
    const byCode = await p.api.get(`/api/admin/products?q=${gtin.slice(1, 10)}`, { token: admin.token });
    expect(byCode.body.map((x: { gtin: string }) => x.gtin)).toContain(gtin);
    // An admin may add an entry no listing taught yet; bad bodies are a 400.
    const added = await p.api.put(
      `/api/admin/products/${gtinOf(10)}`,
      { name: 'Concor 5', type: 'tablets' },
      {
        token: admin.token,
      },
    );
    expect(added.status).toBe(200);
    const badBody = await p.api.put(
      `/api/admin/products/${gtinOf(10)}`,
      { name: '', type: 'pills' },
      {
        token: admin.token,
      },
    );
    expect(badBody.status).toBe(400);
  });
});
