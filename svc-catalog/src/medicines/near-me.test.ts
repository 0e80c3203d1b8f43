import type { Medicine } from '@medrelay/contracts';
import type { AreaKey } from '@medrelay/domain/governorates';
import { greatCircleMetresSql, type LatLng } from '@medrelay/domain/pickup-points';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleRecipientTypes } from '@medrelay/domain';
import { medicineInput, startTestCatalog, type TestCatalogPlatform } from '../testing';
import { noBrowseMemo, type BrowseMemo, type ListFilter } from './browse-memo';
import { recordingDb } from './browse-fixture';
import { browseMedicines } from './browse-repo';
import { listMembership } from './browse-walks-repo';

// Browse near me: nearest first, radii, the caller without a point, bad
// input, and what other parties never see before an approval.

let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let ngo: U, farNgo: U, placeless: U;
const owners: Record<string, U> = {};
const listed: Record<string, Medicine> = {};

/** Sets a user's pickup place through identity and waits until the catalog has its point. */
async function place(user: U, area: AreaKey, pin?: LatLng) {
  const res = await p.identity.api.put('/api/auth/me', { area, pin: pin ?? null }, { token: user.token });
  expect(res.status).toBe(200);
  await waitUntil(
    async () => {
      const { rows } = await p.catalog.service.ctx.pool.query(
        'SELECT area, lat FROM catalog.users WHERE id = $1',
        [user.id],
      );
      return rows[0]?.area === area && (pin === undefined || rows[0]?.lat === pin.lat);
    },
    { what: `${area} in the catalog's read model` },
  );
}

const browse = (user: U, query = '', language = 'en') =>
  p.api.get<Medicine[] & { message?: string }>(`/api/medicines?${query}`, {
    token: user.token,
    headers: { 'accept-language': language },
  });

// A pin two streets from Dokki's centre; the others at their area's centre.
const dokkiPin = { lat: 30.0401, lng: 31.2101 };

beforeAll(async () => {
  p = await startTestCatalog();
  [ngo, farNgo, placeless] = await Promise.all([p.user('ngo'), p.user('ngo'), p.user('ngo')]);
  const places: Array<[string, AreaKey, LatLng?]> = [
    ['dokki', 'dokki', dokkiPin],
    ['maadi', 'maadi'],
    ['nasrCity', 'nasr-city'],
    ['alexandria', 'mansheya'],
    ['aswan', 'aswan-city'],
  ];
  await Promise.all(
    places.map(async ([name, area, pin]) => {
      owners[name] = await p.user('pharmacy', 'approved', `${name} street 1`);
      await place(owners[name]!, area, pin);
    }),
  );
  owners.nowhere = await p.user('pharmacy');
  await Promise.all([place(ngo, 'dokki'), place(farNgo, 'aswan-city')]);
  for (const name of [...places.map(([n]) => n), 'nowhere']) {
    const res = await p.api.post('/api/medicines', medicineInput({ name: `Concor ${name}` }), {
      token: owners[name]!.token,
    });
    expect(res.status).toBe(201);
    listed[name] = res.body;
  }
});
afterAll(() => p.stop());

const names = (items: Medicine[]) => items.map((m) => m.name.replace('Concor ', ''));

describe('distances in SQL', () => {
  it("measures as earthdistance's earth_distance does: under a millimetre apart within 2,000 km, anywhere", async () => {
    // Across Egypt, a few metres apart, the same point, opposite ends of the earth, and a
    // spread of pairs over the globe (a fixed sequence, so a failure repeats).
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
    const pairs: Array<[number, number, number, number]> = [
      [30.0444, 31.2357, 24.0889, 32.8998],
      [30.0444, 31.2357, 30.04441, 31.23571],
      [31.2001, 29.9187, 31.2001, 29.9187],
      [10, 20, -10, -160],
      [90, 0, -90, 0],
      ...Array.from(
        { length: 400 },
        () =>
          [random() * 180 - 90, random() * 360 - 180, random() * 180 - 90, random() * 360 - 180] as [
            number,
            number,
            number,
            number,
          ],
      ),
    ];
    const { rows } = await p.catalog.service.ctx.pool.query<{ ours: number; theirs: number }>(
      `SELECT ${greatCircleMetresSql(['a', 'b'], ['c', 'd'])} AS ours,
              earth_distance(ll_to_earth(a, b), ll_to_earth(c, d)) AS theirs
         FROM unnest($1::float8[], $2::float8[], $3::float8[], $4::float8[]) WITH ORDINALITY
              AS x(a, b, c, d, i) ORDER BY i`,
      [0, 1, 2, 3].map((k) => pairs.map((pair) => pair[k])),
    );
    expect(rows).toHaveLength(pairs.length);
    for (const [i, { ours, theirs }] of rows.entries()) {
      // Farther, both lose digits as points near opposite ends of the earth (19 cm in 20,000 km).
      const tolerance = theirs < 2_000_000 ? 0.001 : theirs * 1e-7;
      expect(Math.abs(ours - theirs), `pair ${i}: ${pairs[i]!.join(', ')}`).toBeLessThan(tolerance);
    }
    expect(rows[2]!.ours).toBe(0);
    // Any coordinate unknown: no distance.
    for (const at of [0, 1, 2, 3]) {
      const [a, b, c, d] = ['30', '31', '24', '32'].map((v, i) => (i === at ? 'NULL::float8' : v));
      const { rows: unknown } = await p.catalog.service.ctx.pool.query<{ d: number | null }>(
        `SELECT ${greatCircleMetresSql([a!, b!], [c!, d!])} AS d`,
      );
      expect(unknown[0]!.d, `coordinate ${at} unknown`).toBeNull();
    }
  });
});

describe('GET /api/medicines near me', () => {
  it("lists nearest first from the caller's pickup point by default, with rounded distances and areas", async () => {
    const res = await browse(ngo);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-browse-hint')).toBeNull();
    // A listing whose owner named no place has no distance: nearest first leaves it out.
    expect(names(res.body)).toEqual(['dokki', 'maadi', 'nasrCity', 'alexandria', 'aswan']);
    const distances = res.body.map((m) => m.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const d of distances) expect(d * 2).toBe(Math.round(d * 2));
    expect(distances[0]).toBe(0); // a pin 15 m from Dokki's centre
    expect(distances[4]).toBeGreaterThan(600);
    expect(res.body[0]!.pickupPlace).toEqual({ area: 'dokki', governorate: 'giza' });
    expect(res.body[3]!.pickupPlace).toEqual({ area: 'mansheya', governorate: 'alexandria' });
    expect(Number(res.headers.get('x-total-count'))).toBe(5);
  });

  it('keeps every listing within the radius, and counts them', async () => {
    for (const radius of [5, 25, 100]) {
      const res = await browse(ngo, `radiusKm=${radius}`);
      expect(res.status).toBe(200);
      for (const m of res.body) expect(m.distanceKm!).toBeLessThanOrEqual(radius);
      expect(Number(res.headers.get('x-total-count'))).toBe(res.body.length);
    }
    expect(names((await browse(ngo, 'radiusKm=5')).body)).toEqual(['dokki']);
    expect(names((await browse(ngo, 'radiusKm=25')).body)).toEqual(['dokki', 'maadi', 'nasrCity']);
    // Another sort within a radius: the same listings in expiry order, each with its distance.
    const byName = await browse(ngo, 'radiusKm=25&sort=name');
    expect(names(byName.body)).toEqual(['dokki', 'maadi', 'nasrCity']);
    expect(byName.body.every((m) => typeof m.distanceKm === 'number')).toBe(true);
  });

  it('searches, filters and pages nearest first', async () => {
    const searched = await browse(ngo, 'q=i&sort=distance');
    expect(names(searched.body)).toEqual(['dokki', 'maadi', 'nasrCity', 'alexandria']);
    const firstTwo = await browse(ngo, 'sort=distance&pageSize=2&page=1');
    const nextTwo = await browse(ngo, 'sort=distance&pageSize=2&page=2');
    expect([...names(firstTwo.body), ...names(nextTwo.body)]).toEqual([
      'dokki',
      'maadi',
      'nasrCity',
      'alexandria',
    ]);
    expect(Number(nextTwo.headers.get('x-total-count'))).toBe(5);
    expect(names((await browse(ngo, 'source=donor')).body)).toEqual([]);
  });

  it('takes a point given in the query over the account one; kept lists follow each point', async () => {
    const fromAswan = await browse(farNgo);
    expect(names(fromAswan.body)[0]).toBe('aswan');
    const fromDokkiQuery = await browse(farNgo, `lat=${dokkiPin.lat}&lng=${dokkiPin.lng}`);
    expect(names(fromDokkiQuery.body)[0]).toBe('dokki');
    expect(fromDokkiQuery.body[0]!.distanceKm).toBe(0);
    // The same NGO view again from Aswan: not the page kept for Dokki.
    expect(names((await browse(farNgo)).body)[0]).toBe('aswan');
  });

  it('follows a caller who moves: the next browses start from the new point', async () => {
    const mover = await p.user('ngo');
    await place(mover, 'dokki');
    expect(names((await browse(mover)).body)[0]).toBe('dokki');
    // Listings come and go meanwhile (their notices keep the point the caller had)…
    const res = await p.api.post('/api/medicines', medicineInput({ name: 'Passing by' }), {
      token: owners.maadi!.token,
    });
    expect(res.status).toBe(201);
    expect(names((await browse(mover)).body)[0]).toBe('dokki');
    // …and the caller's own move is heard by the catalog within moments.
    await place(mover, 'aswan-city');
    await waitUntil(async () => names((await browse(mover)).body)[0] === 'aswan', {
      what: 'browse from the new point',
    });
    expect((await browse(mover)).body[0]!.distanceKm).toBeLessThan(5);
  });

  it("moves a listing when its owner's point moves (a listing with its own place stays)", async () => {
    const mover = await p.user('pharmacy');
    await place(mover, 'aswan-city');
    const moving = (
      await p.api.post('/api/medicines', medicineInput({ name: 'Mover' }), { token: mover.token })
    ).body as Medicine;
    const staying = (
      await p.api.post('/api/medicines', medicineInput({ name: 'Stayer', pickupArea: 'aswan-city' }), {
        token: mover.token,
      })
    ).body as Medicine;
    expect(staying.pickupPlace).toEqual({ area: 'aswan-city', governorate: 'aswan' });
    const near = async () => (await browse(ngo, 'radiusKm=5&q=er')).body.map((m) => m.id);
    expect(await near()).toEqual([]);
    await place(mover, 'dokki', { lat: 30.039, lng: 31.2115 });
    await waitUntil(async () => (await near()).includes(moving.id), { what: 'the moved listing near Dokki' });
    expect(await near()).toEqual([moving.id]);
  });

  it('hides suspended owners in a nearest-first walk through one hash per statement', async () => {
    const pool = p.catalog.service.ctx.pool;
    const statements: Array<[string, unknown[] | undefined]> = [];
    const db = recordingDb(pool, (text, values) => statements.push([text, values]));
    const page = await browseMedicines(db, ngo.id, visibleRecipientTypes('ngo'), {
      sort: 'distance',
      lat: dokkiPin.lat,
      lng: dokkiPin.lng,
      page: 1,
      pageSize: 20,
    });
    expect(page.rows[0]!.name).toBe('Concor dokki');
    const [text, values] = statements.find(([sql]) => /<->/.test(sql) && /LIMIT/.test(sql))!;
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
    // Every row the walk reads probes a hash of the owners not approved, made once (an array
    // of them was compared whole with each row: 1.1 µs a row with 253 of them). The walk's
    // plan at national scale (the GiST index read outwards) is measured in docs/browse.md.
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('hashed SubPlan');
  });

  it('walks a searched list outwards through its indexes, never a scan of the table', async () => {
    // A term that names a dosage form: one walk by the name that carries it, one by the form.
    const syrup = await p.api.post(
      '/api/medicines',
      medicineInput({ name: 'Tussifan', type: 'syrup', recipientType: 'ngos' }),
      { token: owners.dokki!.token },
    );
    expect(syrup.status).toBe(201);
    const pool = p.catalog.service.ctx.pool;
    // Each walk's plan as the walk itself gets it: on its own client, after its own settings.
    const plans: string[] = [];
    const explaining = recordingDb(pool, async (text, values, on) => {
      if (!/<->/.test(text) || !/LIMIT/.test(text)) return;
      const explained = (await on.query(`EXPLAIN ${text}`, values)) as {
        rows: Array<{ 'QUERY PLAN': string }>;
      };
      plans.push(explained.rows.map((r) => r['QUERY PLAN']).join('\n'));
    });
    const page = await browseMedicines(explaining, ngo.id, visibleRecipientTypes('ngo'), {
      q: 'syrup',
      sort: 'distance',
      lat: dokkiPin.lat,
      lng: dokkiPin.lng,
      page: 1,
      pageSize: 20,
    });
    expect(page.rows.map((r) => r.id)).toContain((syrup.body as Medicine).id);
    const [plan] = plans;
    // Without the walk's settings the planner read the whole table for the form's part and
    // sorted it whenever it thought few rows matched (at 100,000 listings: 100-450 ms under
    // load, the costliest statement of the near-me mix there).
    expect(plan).toContain('medicines_browse_near_type');
    expect(plan).not.toMatch(/Seq Scan|Bitmap/);
  });

  it('checks kept lists against written listings read once, whatever their filters', async () => {
    // The lists a browse keeps, as its memo is given them: within 25 km, searched within 25 km,
    // searched by name.
    const kept = new Map<string, ListFilter>();
    const recording: BrowseMemo = {
      ...noBrowseMemo,
      keepOrder: (_key, _version, _order, list) => void kept.set(list.key, list),
    };
    const pool = p.catalog.service.ctx.pool;
    const at = { lat: dokkiPin.lat, lng: dokkiPin.lng, page: 1, pageSize: 20 };
    for (const query of [
      { sort: 'distance', radiusKm: 25 },
      { sort: 'distance', radiusKm: 25, q: 'concor n' },
      { sort: 'name', q: 'concor n' },
    ] as const)
      await browseMedicines(
        pool,
        ngo.id,
        visibleRecipientTypes('ngo'),
        { ...at, ...query },
        { memo: recording },
      );
    const lists = [...kept.values()];
    expect(lists).toHaveLength(3);

    const statements: Array<[string, unknown[] | undefined]> = [];
    const db = recordingDb(pool, (text, values) => statements.push([text, values]));
    const written = Object.values(listed);
    const found = await listMembership(db)(
      lists.map((list) => ({ list })),
      written.map((m) => m.id),
    );
    const namesIn = (ids: Set<number>) => names(written.filter((m) => ids.has(m.id))).sort();
    expect(found.map(namesIn)).toEqual([
      ['dokki', 'maadi', 'nasrCity'],
      ['nasrCity'],
      ['nasrCity', 'nowhere'],
    ]);
    // One statement, reading the written listings once: over the table, each list's filter was
    // joined to the ids, and the planner took a radius's box from its index (all of Cairo's
    // listings at national scale) for a check of a few listings.
    expect(statements).toHaveLength(1);
    const [text, values] = statements[0]!;
    const { rows } = await pool.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${text}`, values);
    const reads: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (node['Relation Name'] === 'medicines') reads.push(String(node['Node Type']));
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    walk((rows[0]!['QUERY PLAN'] as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
    expect(reads).toHaveLength(1);
  });
});

describe('a caller without a point', () => {
  it('gets expiry order with a hint, and no distances', async () => {
    const res = await browse(placeless);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-browse-hint')).toBe('set-point');
    const expiries = res.body.map((m) => m.expiryDate);
    expect(expiries).toEqual([...expiries].sort());
    expect(res.body.some((m) => m.name === 'Concor nowhere')).toBe(true);
    expect(res.body.every((m) => m.distanceKm === undefined)).toBe(true);
  });

  it('is refused nearest first or a radius, in their language', async () => {
    const ar = await browse(placeless, 'sort=distance', 'ar');
    expect(ar.status).toBe(400);
    expect(ar.body.message).toBe(
      'حدد مكان الاستلام بتاعك في الإعدادات، أو شارك موقعك، عشان ترتب حسب المسافة',
    );
    const en = await browse(placeless, 'radiusKm=10');
    expect(en.status).toBe(400);
    expect(en.body.message).toBe(
      'Set your pickup point in Settings, or share your location, to sort by distance',
    );
  });
});

describe('bad input', () => {
  it.each<[string, string, string?]>([
    ['lat=48.85&lng=2.35', 'The location must be in Egypt', 'المكان لازم يكون جوه مصر'],
    ['lat=abc&lng=31.2', 'Latitude and longitude must be numbers, given together'],
    ['lat=30.04', 'Latitude and longitude must be numbers, given together'],
    [
      'radiusKm=-5',
      'Choose a distance of 5, 10, 25, 50 or 100 km',
      'اختار مسافة 5 أو 10 أو 25 أو 50 أو 100 كم',
    ],
    ['radiusKm=100000', 'Choose a distance of 5, 10, 25, 50 or 100 km'],
    ['radiusKm=ten', 'Choose a distance of 5, 10, 25, 50 or 100 km'],
  ])('refuses %s with 400 and a clear message', async (query, en, ar) => {
    const res = await browse(ngo, query);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(en);
    if (ar) expect(JSON.stringify((await browse(ngo, query, 'ar')).body)).toContain(ar);
  });
});

describe('privacy before approval', () => {
  it("never shows another party's pin, street address, e-mail or phone in browse or a listing's detail", async () => {
    const owner = owners.dokki!;
    const answers = [
      (await browse(ngo)).body,
      (await browse(ngo, 'sort=expiry')).body,
      (await browse(ngo, `lat=${dokkiPin.lat}&lng=${dokkiPin.lng}&radiusKm=5`)).body,
      (await p.api.get(`/api/medicines/${listed.dokki!.id}`, { token: ngo.token })).body,
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(text).toContain('Concor dokki');
      for (const secret of [
        owner.email,
        'dokki street 1',
        '+201000000000',
        String(dokkiPin.lat),
        String(dokkiPin.lng),
      ])
        expect(text).not.toContain(secret);
    }
  });
});
