import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestCatalog, waitForReadModel, type TestCatalogPlatform } from '../testing';

let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let pharmacy: U, pharmacy2: U, ngo: U, donor: U, admin: U;
beforeAll(async () => {
  p = await startTestCatalog();
  [pharmacy, pharmacy2, ngo, donor, admin] = await Promise.all([
    p.user('pharmacy', 'approved', '15 Mesaha Square, Dokki'),
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('donor'),
    p.user('admin'),
  ]);
});
afterAll(() => p.stop());

const days = (n: number) => new Date(Date.now() + n * 24 * 3600 * 1000).toISOString();

describe('POST /api/medicines (spec §5)', () => {
  it('creates a pharmacy listing with its owner embedded, money as decimal strings', async () => {
    const res = await p.api.post('/api/medicines', medicineInput(), { token: pharmacy.token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      pharmacyId: pharmacy.id,
      donorId: null,
      source: 'pharmacy',
      name: 'Panadol Extra 500mg',
      quantity: 10,
      originalPrice: '45.50',
      discountPrice: '20.00',
      recipientType: 'both',
      imageUrl: null,
      isAvailable: true,
      // Name only: the address and e-mail come with an approval.
      pharmacy: { user: { name: 'pharmacy user' } },
      donor: null,
    });
    expect(new Date(res.body.expiryDate).toISOString()).toBe(res.body.expiryDate);
    const { rows } = await p.catalog.service.ctx.pool.query(
      "SELECT payload FROM catalog.outbox WHERE job_name = 'medicine.changed' AND payload->'medicine'->>'id' = $1",
      [String(res.body.id)],
    );
    expect(rows).toHaveLength(1);
  });

  it('creates a donation: zero prices become null, empty description null, recipientType defaults to ngos', async () => {
    const res = await p.api.post(
      '/api/medicines',
      {
        ...medicineInput(),
        originalPrice: 0,
        discountPrice: null,
        description: '',
        recipientType: undefined,
      },
      { token: donor.token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      donorId: donor.id,
      pharmacyId: null,
      source: 'donor',
      originalPrice: null,
      discountPrice: null,
      description: null,
      recipientType: 'ngos',
      donor: { name: 'donor user' },
      pharmacy: null,
    });
  });

  it('refuses bad input with 400 and the spec messages, in English or Arabic', async () => {
    const res = await p.api.post(
      '/api/medicines',
      { name: ' ', type: '', quantity: 0, originalPrice: -1, expiryDate: '', recipientType: 'everyone' },
      { token: pharmacy.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const rules = Object.fromEntries(
      res.body.details.map((d: { path: string; rule: string }) => [d.path, d.rule]),
    );
    expect(rules).toMatchObject({
      name: 'medicineNameRequired',
      type: 'medicineTypeRequired',
      quantity: 'quantityMin',
      originalPrice: 'priceMin',
      expiryDate: 'expiryDateRequired',
      recipientType: 'recipientTypeInvalid',
    });
    expect(res.body.message).toContain('Medicine name is required');
    const ar = await p.api.post(
      '/api/medicines',
      { ...medicineInput(), quantity: 0 },
      {
        token: pharmacy.token,
        headers: { 'accept-language': 'ar' },
      },
    );
    expect(ar.body.message).toBe('الكمية لازم تكون 1 على الأقل');
  });

  it('takes the type only as a dosage form key, on create and edit', async () => {
    const created = await p.api.post('/api/medicines', medicineInput({ type: 'capsules' }), {
      token: pharmacy.token,
    });
    expect(created.status).toBe(201);
    expect(created.body.type).toBe('capsules');
    const edited = await p.api.put(
      `/api/medicines/${created.body.id}`,
      { type: 'gel' },
      { token: pharmacy.token },
    );
    expect(edited.body.type).toBe('gel');
    for (const type of ['Tablets', 'T', 'Antibiotic', 42]) {
      const res = await p.api.post(
        '/api/medicines',
        { ...medicineInput(), type },
        { token: pharmacy.token, headers: { 'accept-language': 'ar' } },
      );
      expect(res.status, String(type)).toBe(400);
      expect(res.body.details, String(type)).toEqual([
        expect.objectContaining({ path: 'type', rule: 'medicineTypeInvalid' }),
      ]);
      expect(res.body.message).toContain('اختار النوع من القايمة');
    }
    const badEdit = await p.api.put(
      `/api/medicines/${created.body.id}`,
      { type: 'pills' },
      { token: pharmacy.token },
    );
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.details[0].rule).toBe('medicineTypeInvalid');
    // Donations take the same list.
    const donation = await p.api.post(
      '/api/medicines',
      { ...medicineInput(), type: 'Drops', originalPrice: null, discountPrice: null },
      { token: donor.token },
    );
    expect(donation.status).toBe(400);
    expect(donation.body.details.map((d: { rule: string }) => d.rule)).toContain('medicineTypeInvalid');
  });

  it('refuses a past expiry date, a non-date, fractional quantities, extra fields and broken JSON', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...medicineInput(), expiryDate: days(-1) }, 'expiryDatePast'],
      [{ ...medicineInput(), expiryDate: 'tomorrow' }, 'expiryDateInvalid'],
      [{ ...medicineInput(), quantity: 1.5 }, 'quantityMin'],
      [{ ...medicineInput(), quantity: '3' }, 'quantityMin'],
      [{ ...medicineInput(), discountPrice: 1.234 }, 'priceDecimals'],
      [{ ...medicineInput(), discountPrice: 1e12 }, 'priceMin'],
      [{ ...medicineInput(), discountPrice: '0x1A' }, 'priceMin'],
      [{ ...medicineInput(), originalPrice: '1e3' }, 'priceMin'],
      [{ ...medicineInput(), owner: 5 }, 'unknownField'],
      [{ ...medicineInput(), name: 'x'.repeat(201) }, 'tooLong'],
      [{ ...medicineInput(), name: 'a\u0000b' }, 'invalidValue'],
    ];
    for (const [body, rule] of cases) {
      const res = await p.api.post('/api/medicines', body, { token: pharmacy.token });
      expect(res.status, rule).toBe(400);
      expect(
        res.body.details.map((d: { rule: string }) => d.rule),
        rule,
      ).toContain(rule);
    }
    const broken = await p.api.post('/api/medicines', undefined, { token: pharmacy.token, raw: '{"name":' });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('INVALID_JSON');
  });
});

describe('browsing (GET /api/medicines)', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const make = async (token: string, body: Parameters<typeof medicineInput>[0], d: number) =>
      (await p.api.post('/api/medicines', medicineInput(body, d), { token })).body.id as number;
    ids = {
      amoxNgo: await make(
        pharmacy2.token,
        { name: 'Amoxicillin 250', type: 'syrup', recipientType: 'ngos', discountPrice: 5 },
        20,
      ),
      insulinPh: await make(
        pharmacy2.token,
        {
          name: 'Insulin Pen',
          type: 'injection',
          recipientType: 'pharmacies',
          originalPrice: 120,
          discountPrice: 80,
        },
        5,
      ),
      bothCheap: await make(
        pharmacy2.token,
        { name: 'Zinc Tablets', type: 'tablets', recipientType: 'both', discountPrice: null, quantity: 3 },
        90,
      ),
      donation: await make(
        donor.token,
        {
          name: 'Vitamin C',
          type: 'other',
          recipientType: 'both',
          originalPrice: null,
          discountPrice: null,
          quantity: 40,
        },
        3,
      ),
      soldOut: await make(pharmacy2.token, { name: 'Sold Out Syrup', recipientType: 'both' }, 50),
      unlisted: await make(pharmacy2.token, { name: 'Unlisted Cream', recipientType: 'both' }, 50),
    };
    await p.catalog.service.ctx.pool.query('UPDATE catalog.medicines SET quantity = 0 WHERE id = $1', [
      ids.soldOut,
    ]);
    await p.api.delete(`/api/medicines/${ids.unlisted}`, { token: pharmacy2.token });
  });
  const names = (body: Array<{ name: string }>) => body.map((m) => m.name);

  it('shows an NGO only available medicines offered to NGOs, with the total in X-Total-Count', async () => {
    const res = await p.api.get('/api/medicines?pageSize=100', { token: ngo.token });
    expect(res.status).toBe(200);
    const list = names(res.body);
    expect(list).toEqual(expect.arrayContaining(['Amoxicillin 250', 'Zinc Tablets', 'Vitamin C']));
    expect(list).not.toContain('Insulin Pen');
    expect(list).not.toContain('Sold Out Syrup');
    expect(list).not.toContain('Unlisted Cream');
    expect(res.headers.get('x-total-count')).toBe(String(res.body.length));
  });

  it('shows a pharmacy what is offered to pharmacies, never its own listings', async () => {
    const res = await p.api.get('/api/medicines?recipientType=pharmacies&pageSize=100', {
      token: pharmacy2.token,
    });
    expect(names(res.body)).toEqual(expect.arrayContaining(['Vitamin C']));
    expect(res.body.every((m: { pharmacyId: number | null }) => m.pharmacyId !== pharmacy2.id)).toBe(true);
    const other = await p.api.get('/api/medicines?recipientType=pharmacies&pageSize=100', {
      token: pharmacy.token,
    });
    expect(names(other.body)).toEqual(expect.arrayContaining(['Insulin Pen', 'Zinc Tablets', 'Vitamin C']));
    expect(names(other.body)).not.toContain('Amoxicillin 250');
  });

  it('searches name and type, filters by source and urgency, sorts and pages', async () => {
    const byType = await p.api.get('/api/medicines?q=syRUP', { token: ngo.token });
    expect(names(byType.body)).toEqual(['Amoxicillin 250']);
    const byArabicType = await p.api.get(`/api/medicines?q=${encodeURIComponent('شراب')}`, {
      token: ngo.token,
    });
    expect(names(byArabicType.body)).toEqual(['Amoxicillin 250']);
    const donors = await p.api.get('/api/medicines?source=donor', { token: ngo.token });
    expect(donors.body.every((m: { source: string }) => m.source === 'donor')).toBe(true);
    expect(names(donors.body)).toContain('Vitamin C');
    const urgent = await p.api.get('/api/medicines?urgent=true&pageSize=100', { token: pharmacy.token });
    expect(names(urgent.body).sort()).toEqual(['Insulin Pen', 'Vitamin C']);
    const byName = await p.api.get('/api/medicines?sort=name&pageSize=100', { token: pharmacy.token });
    const sorted = [...names(byName.body)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(names(byName.body)).toEqual(sorted);
    const byExpiry = await p.api.get('/api/medicines?pageSize=100', { token: pharmacy.token });
    const dates = byExpiry.body.map((m: { expiryDate: string }) => m.expiryDate);
    expect(dates).toEqual([...dates].sort());
    const byQuantity = await p.api.get('/api/medicines?sort=quantity&pageSize=100', {
      token: pharmacy.token,
    });
    const quantities = byQuantity.body.map((m: { quantity: number }) => m.quantity);
    expect(quantities).toEqual([...quantities].sort((a: number, b: number) => b - a));
    const byPrice = await p.api.get('/api/medicines?sort=price&pageSize=100', { token: pharmacy.token });
    const prices = byPrice.body.map((m: { discountPrice: string | null }) => Number(m.discountPrice ?? 0));
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));

    const all = await p.api.get('/api/medicines?pageSize=100', { token: pharmacy.token });
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    const page2 = await p.api.get('/api/medicines?pageSize=1&page=2', { token: pharmacy.token });
    expect(page2.body).toHaveLength(1);
    expect(page2.body.map((m: { id: number }) => m.id)).toEqual(
      all.body.slice(1, 2).map((m: { id: number }) => m.id),
    );
    expect(page2.headers.get('x-total-count')).toBe(String(all.body.length));
    const beyond = await p.api.get('/api/medicines?page=50', { token: pharmacy.token });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('x-total-count')).toBe(String(all.body.length));
  });

  it('refuses bad query values with 400', async () => {
    for (const q of [
      'sort=colour',
      'page=0',
      'pageSize=1000',
      'urgent=maybe',
      'source=shop',
      'recipientType=all',
      'x=1',
    ]) {
      const res = await p.api.get(`/api/medicines?${q}`, { token: ngo.token });
      expect(res.status, q).toBe(400);
    }
  });

  it('hides listings of suspended owners once identity says so, in browse and by id', async () => {
    const owner = await p.user('pharmacy');
    const listed = await p.api.post('/api/medicines', medicineInput({ name: 'Suspended Stock' }), {
      token: owner.token,
    });
    expect(names((await p.api.get('/api/medicines?q=Suspended', { token: ngo.token })).body)).toEqual([
      'Suspended Stock',
    ]);
    const byId = `/api/medicines/${listed.body.id}`;
    expect((await p.api.get(byId, { token: ngo.token })).status).toBe(200);
    await p.identity.api.put(
      `/api/admin/users/${owner.id}/status`,
      { status: 'rejected' },
      { token: admin.token },
    );
    await waitForReadModel(p.catalog.service.ctx.pool, 'catalog', owner.id, (u) => u.status === 'rejected');
    expect((await p.api.get('/api/medicines?q=Suspended', { token: ngo.token })).body).toEqual([]);
    // Not there and hidden answer alike; the administrator still sees it.
    const hidden = await p.api.get(byId, { token: ngo.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe(
      (await p.api.get('/api/medicines/999999999', { token: ngo.token })).body.code,
    );
    expect((await p.api.get(byId, { token: admin.token })).status).toBe(200);
  });
});

describe('own listings: my, expiring, get, edit and unlist', () => {
  it("lists the owner's medicines (also unavailable ones) and their stock expiring within N days", async () => {
    const owner = await p.user('pharmacy');
    const soon = (
      await p.api.post('/api/medicines', medicineInput({ name: 'Soon' }, 5), { token: owner.token })
    ).body;
    const later = (
      await p.api.post('/api/medicines', medicineInput({ name: 'Later' }, 45), { token: owner.token })
    ).body;
    await p.api.delete(`/api/medicines/${later.id}`, { token: owner.token });
    const mine = await p.api.get('/api/medicines/my', { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.map((m: { id: number }) => m.id)).toEqual([later.id, soon.id]);
    expect(mine.body[0].isAvailable).toBe(false);
    const expiring = await p.api.get('/api/medicines/expiring?days=30', { token: owner.token });
    expect(expiring.body.map((m: { name: string }) => m.name)).toEqual(['Soon']);
    expect((await p.api.get('/api/medicines/expiring', { token: owner.token })).body).toHaveLength(1);
    expect((await p.api.get('/api/medicines/expiring?days=3', { token: owner.token })).body).toHaveLength(0);
    expect((await p.api.get('/api/medicines/expiring?days=0', { token: owner.token })).status).toBe(400);
    expect((await p.api.get('/api/medicines/expiring?days=abc', { token: owner.token })).status).toBe(400);
    expect((await p.api.get('/api/medicines/expiring', { token: ngo.token })).body).toEqual([]);
  });

  it('lets the owner edit and unlist; others get 403, unknown ids 404, bad ids and bodies 400', async () => {
    const created = (await p.api.post('/api/medicines', medicineInput(), { token: pharmacy.token })).body;
    const edit = await p.api.put(
      `/api/medicines/${created.id}`,
      { quantity: 4, discountPrice: 0, name: 'Panadol Cold' },
      { token: pharmacy.token },
    );
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ quantity: 4, discountPrice: null, name: 'Panadol Cold' });
    expect(
      (await p.api.put(`/api/medicines/${created.id}`, { quantity: 1 }, { token: pharmacy2.token })).status,
    ).toBe(403);
    expect((await p.api.delete(`/api/medicines/${created.id}`, { token: donor.token })).status).toBe(403);
    expect(
      (await p.api.put('/api/medicines/999999', { quantity: 1 }, { token: pharmacy.token })).status,
    ).toBe(404);
    expect((await p.api.put('/api/medicines/abc', { quantity: 1 }, { token: pharmacy.token })).status).toBe(
      400,
    );
    expect(
      (await p.api.put(`/api/medicines/${created.id}`, { expiryDate: days(-2) }, { token: pharmacy.token }))
        .status,
    ).toBe(400);
    const empty = await p.api.put(`/api/medicines/${created.id}`, {}, { token: pharmacy.token });
    expect(empty.status).toBe(400);
    expect(empty.body.details[0].rule).toBe('nothingToChange');
    expect(
      (await p.api.put(`/api/medicines/${created.id}`, { pharmacyId: 3 }, { token: pharmacy.token })).status,
    ).toBe(400);

    const got = await p.api.get(`/api/medicines/${created.id}`, { token: ngo.token });
    expect(got.status).toBe(200);
    const unlist = await p.api.delete(`/api/medicines/${created.id}`, { token: pharmacy.token });
    expect(unlist.status).toBe(200);
    expect(unlist.body.isAvailable).toBe(false);
    expect((await p.api.get(`/api/medicines/${created.id}`, { token: ngo.token })).status).toBe(404);
    expect((await p.api.get(`/api/medicines/${created.id}`, { token: pharmacy.token })).status).toBe(200);
    expect((await p.api.get(`/api/medicines/${created.id}`, { token: admin.token })).status).toBe(200);
  });

  it('never puts an expired pack back on offer, unless its expiry is corrected in the same edit', async () => {
    const created = (await p.api.post('/api/medicines', medicineInput(), { token: pharmacy.token })).body;
    expect((await p.api.delete(`/api/medicines/${created.id}`, { token: pharmacy.token })).status).toBe(200);
    // The expiry scan unlisted it once its day had passed.
    await p.catalog.service.ctx.pool.query(
      "UPDATE catalog.medicines SET expiry_date = now() - interval '1 hour' WHERE id = $1",
      [created.id],
    );
    const relist = await p.api.put(
      `/api/medicines/${created.id}`,
      { isAvailable: true },
      { token: pharmacy.token, headers: { 'accept-language': 'ar' } },
    );
    expect([relist.status, relist.body.code, relist.body.message]).toEqual([
      409,
      'MEDICINE_EXPIRED',
      'العبوة دي صلاحيتها خلصت: مينفعش تتعرض تاني',
    ]);
    const corrected = await p.api.put(
      `/api/medicines/${created.id}`,
      { isAvailable: true, expiryDate: days(30).slice(0, 10) },
      { token: pharmacy.token },
    );
    expect([corrected.status, corrected.body.isAvailable]).toEqual([200, true]);
  });
});

describe('admin views', () => {
  it('lists every medicine (with filters) and the catalog statistics', async () => {
    const res = await p.api.get('/api/admin/all-medicines', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(5);
    expect(res.body.some((m: { isAvailable: boolean }) => !m.isAvailable)).toBe(true);
    const donations = await p.api.get('/api/admin/all-medicines?source=donor', { token: admin.token });
    expect(donations.body.every((m: { donorId: number | null }) => m.donorId !== null)).toBe(true);
    expect(
      (await p.api.get('/api/admin/all-medicines?available=perhaps', { token: admin.token })).status,
    ).toBe(400);

    const stats = await p.api.get('/api/admin/all-medicines/stats', { token: admin.token });
    expect(stats.status).toBe(200);
    expect(stats.body.totalMedicines).toBe(res.body.length);
    expect(stats.body.medicineSources.pharmacy + stats.body.medicineSources.donor).toBe(res.body.length);
    const e = stats.body.medicineExpiry;
    expect(e.fresh + e.expiring + e.expired).toBe(res.body.length);
    // Exactly what the "available" filter lists (a page's total may be an estimate).
    const available = await p.api.get('/api/admin/all-medicines?available=true&pageSize=100', {
      token: admin.token,
    });
    expect(stats.body.availableMedicines).toBe(available.body.length);
    expect(stats.body.availableMedicines).toBeLessThan(res.body.length);
  });

  it('pages the list, with the total of what the filters match in X-Total-Count', async () => {
    const get = (query: string) => p.api.get(`/api/admin/all-medicines?${query}`, { token: admin.token });
    const total = Number((await get('')).headers.get('x-total-count'));
    expect(total).toBeGreaterThan(2);
    const first = await get('pageSize=2');
    const second = await get('pageSize=2&page=2');
    expect(first.body).toHaveLength(2);
    expect(first.headers.get('x-total-count')).toBe(String(total));
    expect(second.body[0].id).not.toBe(first.body[0].id);
    expect(second.body[0].id).not.toBe(first.body[1].id);
    // Filters apply before paging: the total is that of the matching listings.
    const expiring = await get('expiry=expiring&available=true&source=pharmacy&pageSize=1');
    const stats = await p.api.get('/api/admin/all-medicines/stats', { token: admin.token });
    expect(Number(expiring.headers.get('x-total-count'))).toBeLessThanOrEqual(
      stats.body.medicineExpiry.expiring,
    );
    expect(expiring.body.length).toBeLessThanOrEqual(1);
    const unavailable = Number((await get('available=false')).headers.get('x-total-count'));
    const available = Number((await get('available=true')).headers.get('x-total-count'));
    expect(available + unavailable).toBe(total);
    expect((await get('pageSize=101')).status).toBe(400);
    expect((await get('page=0')).status).toBe(400);
  });

  it('walks the list for Export Data by id: the rows after one, in id order, without a total', async () => {
    const get = (query: string) => p.api.get(`/api/admin/all-medicines?${query}`, { token: admin.token });
    for (const owner of [pharmacy, pharmacy, pharmacy2, donor, donor]) {
      const input =
        owner === donor
          ? { ...medicineInput(), originalPrice: 0, discountPrice: null, recipientType: undefined }
          : medicineInput();
      expect((await p.api.post('/api/medicines', input, { token: owner.token })).status).toBe(201);
    }
    const ids = (await get('pageSize=100')).body
      .map((m: { id: number }) => m.id)
      .sort((a: number, b: number) => a - b);
    expect(ids.length).toBeGreaterThan(4);
    const first = await get('after=0&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBeNull();
    expect(first.body.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 2));
    const next = await get(`after=${ids[1]}&pageSize=3`);
    expect(next.headers.get('x-total-count')).toBeNull();
    expect(next.body.map((m: { id: number }) => m.id)).toEqual(ids.slice(2, 5));
    // Whole listings, as the numbered pages answer them.
    expect(next.body[0]).toEqual(
      (await get('pageSize=100')).body.find((m: { id: number }) => m.id === ids[2]),
    );
    expect((await get(`after=${ids.at(-1)}`)).body).toEqual([]);
    // Filters still apply.
    const donations = await get('after=0&source=donor&pageSize=100');
    expect(donations.body.length).toBeGreaterThan(0);
    expect(donations.body.every((m: { donorId: number | null }) => m.donorId !== null)).toBe(true);
    expect((await get('after=-1')).status).toBe(400);
  });
});
