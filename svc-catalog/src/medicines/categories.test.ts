import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestCatalog, type TestCatalogPlatform } from '../testing';

// Issue 17 item 6: guardrail categories on listings and the admin's rule of what donors may list.
let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let pharmacy: U, donor: U, admin: U;
beforeAll(async () => {
  p = await startTestCatalog();
  [pharmacy, donor, admin] = await Promise.all([p.user('pharmacy'), p.user('donor'), p.user('admin')]);
});
afterAll(() => p.stop());

const setForbidden = async (donorForbiddenCategories: string[]) => {
  const res = await p.identity.api.put(
    '/api/admin/settings',
    { donorForbiddenCategories },
    { token: admin.token },
  );
  expect(res.status).toBe(200);
  expect(res.body.donorForbiddenCategories).toEqual(donorForbiddenCategories);
};

describe('guardrail categories', () => {
  it('a pharmacy lists every category; they round-trip in canonical order, once each, in lists and the edit', async () => {
    const created = await p.api.post(
      '/api/medicines',
      medicineInput({ categories: ['coldChain', 'prescription', 'coldChain', 'controlled'] }),
      { token: pharmacy.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.categories).toEqual(['prescription', 'controlled', 'coldChain']);
    const id = created.body.id as number;
    const mine = await p.api.get('/api/medicines/my', { token: pharmacy.token });
    expect(mine.body.find((m: { id: number }) => m.id === id).categories).toEqual([
      'prescription',
      'controlled',
      'coldChain',
    ]);
    const edited = await p.api.put(
      `/api/medicines/${id}`,
      { categories: ['coldChain'] },
      { token: pharmacy.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.categories).toEqual(['coldChain']);
    const plain = await p.api.post('/api/medicines', medicineInput(), { token: pharmacy.token });
    expect(plain.body.categories).toEqual([]);
    const bad = await p.api.post('/api/medicines', medicineInput({ categories: ['vitamins' as never] }), {
      token: pharmacy.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([expect.objectContaining({ rule: 'categoryInvalid' })]);
  });

  it('by default a donor may list none of them: 422 naming the category, in English and Arabic', async () => {
    const cases = [
      ['prescription', 'prescription-only', 'بروشتة'],
      ['controlled', 'controlled (narcotic or psychotropic)', 'مخدرة'],
      ['coldChain', 'cold-chain (refrigerated)', 'تبريد'],
    ] as const;
    for (const [category, en, ar] of cases) {
      const resEn = await p.api.post('/api/medicines', medicineInput({ categories: [category] }), {
        token: donor.token,
      });
      expect(resEn.status).toBe(422);
      expect(resEn.body).toMatchObject({ code: 'CATEGORY_NOT_ALLOWED', details: { categories: [category] } });
      expect(resEn.body.message).toContain(en);
      const resAr = await p.api.post('/api/medicines', medicineInput({ categories: [category] }), {
        token: donor.token,
        headers: { 'accept-language': 'ar' },
      });
      expect(resAr.status).toBe(422);
      expect(resAr.body.message).toContain(ar);
    }
    const donation = await p.api.post('/api/medicines', medicineInput(), { token: donor.token });
    expect(donation.status).toBe(201);
    // An edit adding a category is refused too, and the donation keeps none.
    const edit = await p.api.put(
      `/api/medicines/${donation.body.id}`,
      { categories: ['prescription'] },
      { token: donor.token },
    );
    expect(edit.status).toBe(422);
    expect(edit.body.code).toBe('CATEGORY_NOT_ALLOWED');
    const after = await p.api.get(`/api/medicines/${donation.body.id}`, { token: donor.token });
    expect(after.body.categories).toEqual([]);
  });

  it('follows the setting: an allowed category lists, a forbidden one stays refused, and relisting is checked again', async () => {
    await setForbidden(['prescription', 'controlled']);
    const cold = await p.api.post('/api/medicines', medicineInput({ categories: ['coldChain'] }), {
      token: donor.token,
    });
    expect(cold.status).toBe(201);
    expect(cold.body.categories).toEqual(['coldChain']);
    const mixed = await p.api.post(
      '/api/medicines',
      medicineInput({ categories: ['coldChain', 'controlled'] }),
      { token: donor.token },
    );
    expect(mixed.status).toBe(422);
    expect(mixed.body.details).toEqual({ categories: ['controlled'] });
    // Unlisting always works; once cold-chain is forbidden again it cannot go back on offer.
    const id = cold.body.id as number;
    expect((await p.api.delete(`/api/medicines/${id}`, { token: donor.token })).status).toBe(200);
    await setForbidden(['prescription', 'controlled', 'coldChain']);
    const relist = await p.api.put(`/api/medicines/${id}`, { isAvailable: true }, { token: donor.token });
    expect(relist.status).toBe(422);
    expect(relist.body.details).toEqual({ categories: ['coldChain'] });
    // The pharmacy is never bound by the donor rule.
    const pharmacyCold = await p.api.post('/api/medicines', medicineInput({ categories: ['coldChain'] }), {
      token: pharmacy.token,
    });
    expect(pharmacyCold.status).toBe(201);
    await setForbidden([]);
    expect(
      (await p.api.put(`/api/medicines/${id}`, { isAvailable: true }, { token: donor.token })).status,
    ).toBe(200);
  });
});
