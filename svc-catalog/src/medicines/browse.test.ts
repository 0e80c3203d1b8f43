import { urgentThresholdDays } from '@medrelay/domain';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '@medrelay/testing';
import { namesReadApartMax } from './browse-repo';
import {
  browse,
  idsOf,
  insert,
  ngo,
  p,
  other,
  pharmacy,
  pool,
  sorted,
  suspended,
  tiedListings,
  useBrowsePlatform,
  withExactTotalsUpTo,
} from './browse-fixture';

/**
 * Browse through the API: who sees what, every sort both ways with ties, searches read by names
 * and dosage forms, totals, and what a caller sees after writes (searches: browse-search.test.ts;
 * kept pages: browse-cache.test.ts).
 */
useBrowsePlatform();

describe('browse', () => {
  it('shows only what the caller may request, with an exact total while small', async () => {
    const tag = 'Rulecheck';
    const [shown, both, unknownOwner, ...hidden] = await insert([
      { owner: pharmacy.id, name: `${tag} shown`, recipients: 'ngos' },
      { owner: other.id, name: `${tag} both`, recipients: 'both' },
      // An owner the read model does not know yet is not hidden.
      { owner: 2_000_000, name: `${tag} unknown owner` },
      { owner: pharmacy.id, name: `${tag} for pharmacies`, recipients: 'pharmacies' },
      { owner: pharmacy.id, name: `${tag} unlisted`, available: false },
      { owner: pharmacy.id, name: `${tag} none left`, quantity: 0 },
      { owner: pharmacy.id, name: `${tag} expired`, days: -1 },
      { owner: suspended.id, name: `${tag} suspended owner` },
      { owner: ngo.id, name: `${tag} own`, source: 'donor' },
    ]);
    const res = await browse(ngo.token, { q: tag, pageSize: 100 });
    expect(res.status).toBe(200);
    expect(sorted(idsOf(res.body))).toEqual(sorted([shown!, both!, unknownOwner!]));
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('x-total-is-estimate')).toBe('false');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Total-Is-Estimate');
    expect(idsOf(res.body)).not.toContain(hidden[0]);
    // Another pharmacy sees the one offered to pharmacies and the NGO's donation to both, not
    // the one offered to NGOs only nor its own.
    const asPharmacy = await browse(other.token, { q: tag, pageSize: 100 });
    expect(sorted(idsOf(asPharmacy.body))).toEqual(sorted([unknownOwner, hidden[0]!, hidden[5]!]));
    // Filters: recipients, source, urgency.
    const ngosOnly = await browse(ngo.token, { q: tag, recipientType: 'both' });
    expect(sorted(idsOf(ngosOnly.body))).toEqual(sorted([both!, unknownOwner!]));
    const [urgent] = await insert([
      { owner: other.id, name: `${tag} urgent`, days: urgentThresholdDays - 1 },
    ]);
    await insert([{ owner: other.id, name: `${tag} not urgent`, days: urgentThresholdDays + 2 }]);
    expect(idsOf((await browse(ngo.token, { q: tag, urgent: true })).body)).toEqual([urgent]);
    expect((await browse(ngo.token, { q: tag, source: 'donor' })).body).toEqual([]);
  });

  it('pages each sort in both orders with ties broken by id: every listing once, in order', async () => {
    const tag = 'Tiebreak';
    const expected = await tiedListings(tag);
    for (const sort of ['expiry', 'name', 'price', 'quantity'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const seen: number[] = [];
        for (let page = 1; page <= 5; page++) {
          const res = await browse(ngo.token, { q: tag, sort, order, page, pageSize: 5 });
          expect(res.headers.get('x-total-count')).toBe('23');
          seen.push(...idsOf(res.body));
        }
        expect(seen, `${sort} ${order}`).toEqual(expected(sort, order));
      }
    }
  });

  it('pages a search of many names, and of names and a dosage form, in order with every listing once', async () => {
    // More names than are read apart (each through its own index stretch): one walk filtered by them.
    const many = await insert(
      Array.from({ length: 2 * (namesReadApartMax + 2) }, (_, i) => ({
        owner: i % 2 ? pharmacy.id : other.id,
        name: `Manynames ${String.fromCharCode(97 + (i % (namesReadApartMax + 2)))}`,
        days: 20 + (i % 5),
      })),
    );
    const byExpiry = async (q: string, pageSize: number) => {
      const seen: number[] = [];
      for (let page = 1; seen.length % pageSize === 0; page++) {
        const res = await browse(ngo.token, { q, sort: 'expiry', page, pageSize });
        seen.push(...idsOf(res.body));
        if (!res.body.length) break;
      }
      return seen;
    };
    const expiryOrder = async (ids: number[]) =>
      (
        await pool().query<{ id: number }>(
          'SELECT id FROM catalog.medicines WHERE id = ANY($1) ORDER BY expiry_date, id',
          [ids],
        )
      ).rows.map((r) => r.id);
    expect(await byExpiry('manynames', 7)).toEqual(await expiryOrder(many));
    // A term naming a dosage form finds that form (its label) and the names that contain it.
    const [syrupName, syrupForm, both] = await insert([
      { owner: other.id, name: 'Formpart Syrupname', type: 'tablets', days: 12 },
      { owner: other.id, name: 'Formpart plain', type: 'syrup', days: 11 },
      { owner: other.id, name: 'Formpart Syrupboth', type: 'syrup', days: 10 },
    ]);
    const found = await byExpiry('syrup', 50);
    expect(found.filter((id) => [syrupName, syrupForm, both].includes(id))).toEqual([
      both,
      syrupForm,
      syrupName,
    ]);
    expect(new Set(found).size).toBe(found.length);
  });

  it('counts a small list exactly, a larger one as a marked estimate, and exactly again past its end', async () => {
    const tag = 'Estimated';
    await insert(Array.from({ length: 12 }, (_, i) => ({ owner: pharmacy.id, name: `${tag} ${i}` })));
    await withExactTotalsUpTo(5, async () => {
      const first = await browse(ngo.token, { q: tag, sort: 'name', pageSize: 5 });
      expect(first.headers.get('x-total-is-estimate')).toBe('true');
      // Never below what was counted.
      expect(Number(first.headers.get('x-total-count'))).toBeGreaterThanOrEqual(6);
      expect(first.body.map((m: { name: string }) => m.name)).toEqual(
        [0, 1, 10, 11, 2].map((i) => `${tag} ${i}`),
      );
      // A page not full tells the total by itself.
      const last = await browse(ngo.token, { q: tag, sort: 'name', order: 'desc', pageSize: 5, page: 3 });
      expect(last.body.map((m: { name: string }) => m.name)).toEqual([`${tag} 1`, `${tag} 0`]);
      expect(last.headers.get('x-total-count')).toBe('12');
      expect(last.headers.get('x-total-is-estimate')).toBe('false');
      // Past the end: nothing, with the exact total so the screen can move back to the last page.
      const past = await browse(ngo.token, { q: tag, sort: 'name', pageSize: 5, page: 9 });
      expect(past.body).toEqual([]);
      expect(past.headers.get('x-total-count')).toBe('12');
      expect(past.headers.get('x-total-is-estimate')).toBe('false');
    });
    const exact = await browse(ngo.token, { q: tag, sort: 'name', pageSize: 5 });
    expect(exact.headers.get('x-total-count')).toBe('12');
    expect(exact.headers.get('x-total-is-estimate')).toBe('false');
  });

  it('follows writes: a list that shrinks is counted and paged as it is now', async () => {
    const tag = 'Shrinking';
    const ids = await insert(
      Array.from({ length: 12 }, (_, i) => ({ owner: pharmacy.id, name: `${tag} ${i}` })),
    );
    const query = { q: tag, sort: 'name', pageSize: 5, page: 1 } as const;
    expect((await browse(ngo.token, query)).headers.get('x-total-count')).toBe('12');
    // Written in SQL, as another instance or the expiry scan would: heard through NOTIFY.
    await pool().query('UPDATE catalog.medicines SET is_available = false WHERE id = ANY($1)', [
      ids.slice(2),
    ]);
    await waitUntil(async () => (await browse(ngo.token, query)).headers.get('x-total-count') === '2', {
      what: 'the shrunk list',
    });
    expect(sorted(idsOf((await browse(ngo.token, query)).body))).toEqual(sorted(ids.slice(0, 2)));
  });

  it('hides the stock of an owner suspended, and shows it again once approved', async () => {
    const tag = 'Ownerstatus';
    const [id] = await insert([{ owner: other.id, name: `${tag} one` }]);
    expect(idsOf((await browse(ngo.token, { q: tag })).body)).toEqual([id]);
    const setStatus = (status: string) =>
      pool().query('UPDATE catalog.users SET status = $2 WHERE id = $1', [other.id, status]);
    await setStatus('suspended');
    try {
      await waitUntil(async () => (await browse(ngo.token, { q: tag })).body.length === 0, {
        what: 'the suspended owner hidden',
      });
    } finally {
      await setStatus('approved');
    }
    await waitUntil(async () => (await browse(ngo.token, { q: tag })).body.length === 1, {
      what: 'the owner shown again',
    });
  });
});

describe('admin list of every listing', () => {
  it("searches name, type and the owner's name, with a capped total", async () => {
    const admin = await p.user('admin');
    const [mine] = await insert([{ owner: other.id, name: 'Adminsearch كونكور', available: false }]);
    const byName = await p.api.get(`/api/admin/all-medicines?q=${encodeURIComponent('كونكور')}`, {
      token: admin.token,
    });
    expect(idsOf(byName.body)).toEqual([mine]);
    expect(byName.headers.get('x-total-count')).toBe('1');
    expect(byName.headers.get('x-total-is-estimate')).toBe('false');
    await pool().query("UPDATE catalog.users SET name = 'Pharmacy Adminowner' WHERE id = $1", [other.id]);
    const byOwner = await p.api.get('/api/admin/all-medicines?q=adminowner&pageSize=100', {
      token: admin.token,
    });
    expect(idsOf(byOwner.body)).toContain(mine);
    expect(byOwner.body.every((m: { pharmacyId: number }) => m.pharmacyId === other.id)).toBe(true);
  });
});
