import { randomUUID } from 'node:crypto';
import type { MedicineSnapshot, NeedCreateInput, NeedMatch, Notification } from '@medrelay/contracts';
import { withTransaction } from '@medrelay/service-kit';
import { waitForMails, waitUntil } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import { applyMedicineEvent } from '../medicines/read-model';
import type { medicineInput } from '../testing';
import { type TestUser } from '../testing';
import { sendMatchDigests } from './digest';
import {
  admin,
  as,
  declare,
  list,
  needJobsDone,
  p,
  pool,
  recallNotices,
  stored,
  useMatchingPlatform,
} from './matching-fixture';

/** Matching through the real catalog → queue → consumer path, and the digest (item 3). */
useMatchingPlatform();

const byNumber = (a: number | null, b: number | null) => (a ?? 0) - (b ?? 0);

describe('matching a listing to needs', () => {
  it('follows the rules on a table of cases', async () => {
    const [pharmacy, otherPharmacy] = await Promise.all([p.user('pharmacy'), p.user('pharmacy')]);
    const cases: Array<{
      what: string;
      needer: 'ngo' | 'pharmacy';
      need: NeedCreateInput;
      listing: Parameters<typeof medicineInput>[0];
      days?: number;
      own?: boolean;
      matches: boolean;
    }> = [
      {
        what: 'English name',
        needer: 'ngo',
        need: { medicine: 'Panadol', minQuantity: 1 },
        listing: { name: 'Panadol Extra 500mg' },
        matches: true,
      },
      {
        what: 'a typo',
        needer: 'ngo',
        need: { medicine: 'Insulen', minQuantity: 1 },
        listing: { name: 'Insulin glargine 100 IU/ml' },
        matches: true,
      },
      {
        what: 'Arabic name',
        needer: 'ngo',
        need: { medicine: 'بنادول', minQuantity: 1 },
        listing: { name: 'بانادول اكسترا' },
        matches: true,
      },
      {
        what: 'Arabic alef variants',
        needer: 'ngo',
        need: { medicine: 'انسولين', minQuantity: 1 },
        listing: { name: 'إنسولين جلارجين' },
        matches: true,
      },
      {
        what: 'another medicine',
        needer: 'ngo',
        need: { medicine: 'Aspirin', minQuantity: 1 },
        listing: { name: 'Augmentin 1g' },
        matches: false,
      },
      {
        what: 'the dosage form asked',
        needer: 'ngo',
        need: { medicine: 'Brufen', dosageForm: 'syrup', minQuantity: 1 },
        listing: { name: 'Brufen 400', type: 'tablets' },
        matches: false,
      },
      {
        what: 'too few days left',
        needer: 'ngo',
        need: { medicine: 'Concor', minQuantity: 1, minDaysLeft: 90 },
        listing: { name: 'Concor 5mg' },
        days: 60,
        matches: false,
      },
      {
        what: 'enough days left',
        needer: 'ngo',
        need: { medicine: 'Concor', minQuantity: 1, minDaysLeft: 30 },
        listing: { name: 'Concor 5mg' },
        days: 60,
        matches: true,
      },
      {
        what: 'too small',
        needer: 'ngo',
        need: { medicine: 'Zyrtec', minQuantity: 20 },
        listing: { name: 'Zyrtec 10mg', quantity: 10 },
        matches: false,
      },
      {
        what: 'wrong recipient type',
        needer: 'ngo',
        need: { medicine: 'Nexium', minQuantity: 1 },
        listing: { name: 'Nexium 40mg', recipientType: 'pharmacies' },
        matches: false,
      },
      {
        what: "a pharmacy's need, listing for pharmacies",
        needer: 'pharmacy',
        need: { medicine: 'Nexium', minQuantity: 1 },
        listing: { name: 'Nexium 40mg', recipientType: 'pharmacies' },
        matches: true,
      },
      {
        what: 'own listing',
        needer: 'pharmacy',
        need: { medicine: 'Lipitor', minQuantity: 1 },
        listing: { name: 'Lipitor 20mg' },
        own: true,
        matches: false,
      },
    ];
    const needers = await Promise.all(
      cases.map((c) => (c.own ? Promise.resolve(pharmacy) : p.user(c.needer))),
    );
    const needs = await Promise.all(cases.map((c, i) => declare(needers[i]!, c.need)));
    await needJobsDone();
    const listings: Array<{ id: number; name: string }> = [];
    for (const c of cases) listings.push(await list(c.own ? pharmacy : otherPharmacy, c.listing, c.days));
    const outcome = await Promise.all(
      cases.map(async (c, i) => [c.what, (await stored(needs[i]!.id)).includes(listings[i]!.id)]),
    );
    expect(outcome).toEqual(cases.map((c) => [c.what, c.matches]));

    // Expired: the catalog refuses to list it, so it is sent as the event the catalog would send.
    const expiredNeed = await declare(needers[0]!, { medicine: 'Voltaren', minQuantity: 1 });
    await needJobsDone();
    const snapshot: MedicineSnapshot = {
      id: 1_900_000_001,
      ownerId: otherPharmacy.id,
      source: 'pharmacy',
      name: 'Voltaren 50mg',
      type: 'tablets',
      description: null,
      quantity: 5,
      originalPrice: '10.00',
      discountPrice: null,
      expiryDate: new Date(Date.now() - 3600_000).toISOString(),
      recipientType: 'both',
      imageUrl: null,
      isAvailable: true,
      createdAt: new Date().toISOString(),
      version: 1,
    };
    await withTransaction(pool(), (c) =>
      applyMedicineEvent(
        c,
        {
          eventId: randomUUID(),
          type: 'medicine.changed',
          occurredAt: '',
          medicine: snapshot,
        },
        recallNotices(),
      ),
    );
    expect(await stored(expiredNeed.id)).toEqual([]);
  });

  it("leaves out a suspended owner's listing", async () => {
    const [ngo, owner] = await Promise.all([p.user('ngo'), p.user('pharmacy')]);
    const listing = await list(owner, { name: 'Cataflam 50mg' });
    await p.identity.api.put(
      `/api/admin/users/${owner.id}/status`,
      { status: 'rejected' },
      { token: admin.token },
    );
    await waitUntil(
      async () =>
        (await pool().query('SELECT status FROM requests.users WHERE id = $1', [owner.id])).rows[0]
          ?.status === 'rejected',
    );
    const need = await declare(ngo, { medicine: 'Cataflam', minQuantity: 1 });
    await needJobsDone();
    expect(await stored(need.id)).not.toContain(listing.id);
  });

  it('stores and notifies once under redelivery; drops a match that no longer holds; pages the list', async () => {
    const [ngo, pharmacy] = await Promise.all([p.user('ngo'), p.user('pharmacy')]);
    const need = await declare(ngo, { medicine: 'Klacid', minQuantity: 2, acceptUpTo: 6, urgency: 'urgent' });
    await needJobsDone();
    const first = await list(pharmacy, { name: 'Klacid 500mg', quantity: 10 }, 20);
    const second = await list(pharmacy, { name: 'Klacid XL', quantity: 4 }, 90);
    expect((await stored(need.id)).sort(byNumber)).toEqual([first.id, second.id].sort(byNumber));

    // Redelivery of the same event (same id) and of a new event with the same facts: nothing more.
    const { rows } = await pool().query(
      `SELECT payload FROM catalog.outbox WHERE queue = 'events.requests.medicines'
         AND (payload->'medicine'->>'id')::int = $1`,
      [first.id],
    );
    const event = rows[0].payload;
    await withTransaction(pool(), (c) => applyMedicineEvent(c, event, recallNotices()));
    await withTransaction(pool(), (c) =>
      applyMedicineEvent(c, { ...event, eventId: randomUUID() }, recallNotices()),
    );
    const counts = await pool().query(
      `SELECT (SELECT count(*)::int FROM requests.matches WHERE need_id = $1) AS matches,
              (SELECT count(*)::int FROM requests.notifications WHERE user_id = $2 AND type = 'need-match') AS notes`,
      [need.id, ngo.id],
    );
    expect(counts.rows[0]).toEqual({ matches: 2, notes: 2 });

    const notes = await p.requests.api.get<{ items?: Notification[] } | Notification[]>(
      '/api/notifications',
      as(ngo, 'ar'),
    );
    const items = (Array.isArray(notes.body) ? notes.body : notes.body.items) as Notification[];
    expect(
      items
        .filter((n) => n.type === 'need-match')
        .map((n) => n.medicineId)
        .sort(byNumber),
    ).toEqual([first.id, second.id].sort(byNumber));
    expect(items.find((n) => n.medicineId === first.id)!.message).toContain('مناسب لاحتياجك "Klacid"');
    // Each notice suggests what to ask for (the need's most from one listing, or what is left),
    // which its link carries into the request.
    expect(items.find((n) => n.medicineId === first.id)!.quantity).toBe(6);
    expect(items.find((n) => n.medicineId === second.id)!.quantity).toBe(4);

    // Best first: urgent need, then the listing that expires soonest.
    const page = await p.requests.api.get<NeedMatch[]>(`/api/needs/matches?needId=${need.id}`, as(ngo));
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe('2');
    expect(page.body.map((m) => m.medicine.id)).toEqual([first.id, second.id]);
    expect(page.body[0]).toMatchObject({ needId: need.id, daysLeft: 20, need: { acceptUpTo: 6 } });
    const one = await p.requests.api.get<NeedMatch[]>('/api/needs/matches?page=2&pageSize=1', as(ngo));
    expect(one.body.map((m) => m.medicine.id)).toEqual([second.id]);

    // The listing drops below the need's minimum: its match goes.
    const edited = await p.catalog.api.put(
      `/api/medicines/${second.id}`,
      { quantity: 1 },
      { token: pharmacy.token },
    );
    expect(edited.status).toBe(200);
    await waitUntil(async () => !(await stored(need.id)).includes(second.id), { what: 'the match to go' });
    // The need is closed: all its matches go.
    await p.requests.api.put(
      `/api/needs/${need.id}`,
      { medicine: 'Klacid', minQuantity: 2, status: 'closed' },
      as(ngo),
    );
    await needJobsDone();
    expect(await stored(need.id)).toEqual([]);
    expect((await p.requests.api.get('/api/needs/matches?needId=abc', as(ngo))).status).toBe(400);
    expect((await p.requests.api.get('/api/needs/matches', as(admin))).status).toBe(403);
  });

  it("matches within the need's reach only, nearest first, then soonest expiring; notices and digests say how far", async () => {
    const [ngo, near, mid, far] = await Promise.all([
      p.user('ngo'),
      p.user('pharmacy'),
      p.user('pharmacy'),
      p.user('pharmacy'),
    ]);
    const place = async (user: TestUser, area: string, pin?: { lat: number; lng: number }) => {
      const res = await p.identity.api.put('/api/auth/me', { area, pin: pin ?? null }, { token: user.token });
      expect(res.status).toBe(200);
      await waitUntil(
        async () =>
          (await pool().query('SELECT area FROM requests.users WHERE id = $1', [user.id])).rows[0]?.area ===
          area,
        { what: 'the area in the read model' },
      );
    };
    await Promise.all([
      place(ngo, 'dokki'),
      place(near, 'dokki', { lat: 30.042, lng: 31.214 }),
      place(mid, 'maadi'),
      place(far, 'aswan-city'),
    ]);
    const need = await declare(ngo, { medicine: 'Tavanic', minQuantity: 1 });
    expect(need.reachKm).toBe(25);
    await needJobsDone();
    const farListing = await list(far, { name: 'Tavanic 500mg' }, 20);
    const midListing = await list(mid, { name: 'Tavanic 500mg' }, 30);
    const nearListing = await list(near, { name: 'Tavanic 500mg' }, 90);
    const page = await p.requests.api.get<NeedMatch[]>(`/api/needs/matches?needId=${need.id}`, as(ngo));
    // Aswan is 680 km away: outside the 25 km reach. Dokki before Maadi though Maadi's expires sooner.
    expect(page.body.map((m) => [m.medicine.id, m.owner.area, m.distanceKm])).toEqual([
      [nearListing.id, 'dokki', 0.5],
      [midListing.id, 'maadi', 9.5],
    ]);
    expect(await stored(need.id)).not.toContain(farListing.id);
    // Stock of the Aswan pharmacy collected at its Dokki branch: near, and in the needer's governorate
    // (the badge follows the place shown, not the owner's profile); Maadi is in Cairo, not Giza.
    const branch = await list(far, { name: 'Tavanic 500mg', pickupArea: 'dokki' }, 60);
    const withBranch = (
      await p.requests.api.get<NeedMatch[]>(`/api/needs/matches?needId=${need.id}`, as(ngo))
    ).body;
    const card = (id: number) => withBranch.find((m) => m.medicine.id === id)!;
    expect([
      card(branch.id).owner.area,
      card(branch.id).owner.governorate,
      card(branch.id).sameGovernorate,
    ]).toEqual(['dokki', 'giza', true]);
    expect(card(midListing.id).sameGovernorate).toBe(false);
    expect(
      (await p.catalog.api.put(`/api/medicines/${branch.id}`, { isAvailable: false }, { token: far.token }))
        .status,
    ).toBe(200);
    await waitUntil(
      async () =>
        (await pool().query('SELECT is_available FROM requests.medicines WHERE id = $1', [branch.id])).rows[0]
          ?.is_available === false,
      { what: 'the branch listing unlisted in the read model' },
    );
    const notices = (await p.requests.api.get<Notification[]>('/api/notifications', as(ngo, 'ar'))).body;
    expect(notices.map((n) => n.message)).toContain(
      '\u2068Tavanic 500mg\u2069 (10 وحدات، فاضل 30 يوم، على بعد 9.5 كم) مناسب لاحتياجك "Tavanic"',
    );

    // A wider reach takes in what lay outside; the digest says how far each is.
    const wider = await p.requests.api.put(
      `/api/needs/${need.id}`,
      { medicine: 'Tavanic', minQuantity: 1, reachKm: 100 },
      as(ngo),
    );
    expect(wider.body.reachKm).toBe(100);
    expect(
      (
        await p.requests.api.put(
          `/api/needs/${need.id}`,
          { medicine: 'Tavanic', minQuantity: 1, reachKm: 30 },
          as(ngo, 'ar'),
        )
      ).body.message,
    ).toBe('اختار مسافة 5 أو 10 أو 25 أو 50 أو 100 كم');
    expect(await sendMatchDigests(p.requests.service.ctx)).toBeGreaterThanOrEqual(1);
    const [mail] = await waitForMails(ngo.email);
    expect(mail!.text).toContain('Tavanic 500mg: 10 units, 30 days left, 9.5 km away');
  });

  it("e-mails a digest of new matches at most once an hour, in the needer's language, with deep links", async () => {
    const ngo = await p.identity.createUser('ngo', 'approved', 'ngo');
    await p.identity.api.put(
      '/api/auth/me',
      { language: 'ar' },
      { token: await p.identity.login(ngo.email) },
    );
    await waitUntil(
      async () =>
        (await pool().query('SELECT language FROM requests.users WHERE id = $1', [ngo.id])).rows[0]
          ?.language === 'ar',
      { what: 'the language in the read model' },
    );
    const needer = { ...ngo, token: await p.identity.login(ngo.email) };
    const pharmacy = await p.user('pharmacy');
    await declare(needer as TestUser, { medicine: 'Ventolin', minQuantity: 1 });
    await needJobsDone();
    const listing = await list(pharmacy, { name: 'Ventolin inhaler', type: 'inhaler' });

    const now = new Date();
    expect(await sendMatchDigests(p.requests.service.ctx, now)).toBeGreaterThanOrEqual(1);
    const [mail] = await waitForMails(ngo.email);
    expect(mail!.subject).toContain('حاجة جديدة مناسبة لاحتياجاتك');
    expect(mail!.text).toContain(`/ngo/browse?medicine=${listing.id}&request=1`);

    // A new match within the hour waits for the next digest; after the hour it goes.
    await list(pharmacy, { name: 'Ventolin syrup', type: 'syrup' });
    await sendMatchDigests(p.requests.service.ctx, new Date(now.getTime() + 30 * 60_000));
    const later = new Date(now.getTime() + 61 * 60_000);
    await sendMatchDigests(p.requests.service.ctx, later);
    const mails = await waitForMails(ngo.email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Ventolin syrup');
    expect(mails[1]!.text).not.toContain('Ventolin inhaler');
  });

  it('e-mails a match as it is when the digest goes: the units left, the days left that day, what one tap asks', async () => {
    const [ngo, pharmacy] = await Promise.all([p.user('ngo'), p.user('pharmacy')]);
    const need = await declare(ngo, { medicine: 'Zantac', minQuantity: 2, acceptUpTo: 8 });
    await needJobsDone();
    const listing = await list(pharmacy, { name: 'Zantac 150mg', quantity: 10 }, 60);
    const [notice] = (
      await pool().query(
        `SELECT params FROM requests.notifications WHERE user_id = $1 AND type = 'need-match'`,
        [ngo.id],
      )
    ).rows as Array<{ params: { quantity: number; days: number; take: number } }>;
    expect(notice!.params).toMatchObject({ quantity: 10, take: 8 });
    // Others' approvals took units meanwhile: 3 are left, still enough for the need.
    expect(
      (await p.catalog.api.put(`/api/medicines/${listing.id}`, { quantity: 3 }, { token: pharmacy.token }))
        .status,
    ).toBe(200);
    await waitUntil(
      async () =>
        (await pool().query('SELECT quantity FROM requests.medicines WHERE id = $1', [listing.id])).rows[0]
          ?.quantity === 3,
      { what: 'the new quantity in the read model' },
    );
    expect(await stored(need.id)).toContain(listing.id);
    // Sent two days later: two days fewer left.
    const later = new Date(Date.now() + 2 * 86_400_000);
    expect(await sendMatchDigests(p.requests.service.ctx, later)).toBeGreaterThanOrEqual(1);
    const [mail] = await waitForMails(ngo.email);
    expect(mail!.text).toContain(`Zantac 150mg: 3 units, ${notice!.params.days - 2} days left`);
    expect(mail!.text).toContain(`/ngo/browse?medicine=${listing.id}&request=1&quantity=3`);
  });
});
