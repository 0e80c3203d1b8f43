import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestCatalog, type TestCatalogPlatform } from '../testing';

// A listing's prices are per unit, and what it asks is no more than what it cost.

let p: TestCatalogPlatform;
let pharmacy: Awaited<ReturnType<TestCatalogPlatform['user']>>;
beforeAll(async () => {
  p = await startTestCatalog();
  pharmacy = await p.user('pharmacy');
});
afterAll(() => p.stop());

describe('listing prices', () => {
  it('refuses a discount price above the original one, given together or edited one at a time, in Arabic too', async () => {
    const above = await p.api.post(
      '/api/medicines',
      medicineInput({ originalPrice: 50, discountPrice: 500 }),
      { token: pharmacy.token, headers: { 'accept-language': 'ar' } },
    );
    expect([above.status, above.body.details[0].path, above.body.details[0].message]).toEqual([
      400,
      'discountPrice',
      'السعر بعد الخصم مينفعش يكون أعلى من السعر الأصلي',
    ]);
    const listed = await p.api.post(
      '/api/medicines',
      medicineInput({ originalPrice: 50, discountPrice: 20 }),
      {
        token: pharmacy.token,
      },
    );
    const edit = (body: object) =>
      p.api.put(`/api/medicines/${listed.body.id}`, body, { token: pharmacy.token });
    for (const body of [
      { discountPrice: 60 },
      { originalPrice: 10 },
      { originalPrice: 40, discountPrice: 45 },
    ]) {
      const res = await edit(body);
      expect([res.status, res.body.details?.[0]?.rule], JSON.stringify(body)).toEqual([
        400,
        'discountAboveOriginal',
      ]);
    }
    // The same price, a lower one, or no original price known: fine.
    expect((await edit({ discountPrice: 50 })).status).toBe(200);
    expect((await edit({ originalPrice: null, discountPrice: 70 })).body).toMatchObject({
      originalPrice: null,
      discountPrice: '70.00',
    });
  });
});
