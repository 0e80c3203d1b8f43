import { createQueueRedis } from '@medrelay/service-kit';
import { waitForMails, waitUntil } from '@medrelay/testing';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startCatalogFor, startTestCatalog, type TestCatalogPlatform } from '../testing';
import { expiryScanQueueName } from './scheduler';
import { expiryAlertsEventSchema, medicinesUnlistedEventSchema } from '@medrelay/contracts';
import { findMedicine } from '../medicines/repo';
import { cairoTimeZone } from '@medrelay/domain';
import { scanCandidates } from './repo';
import { runExpiryScan, type ExpiryScanOptions } from './scan';

let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let pharmacy: U, donor: U, admin: U;
beforeAll(async () => {
  p = await startTestCatalog();
  [pharmacy, donor, admin] = await Promise.all([p.user('pharmacy'), p.user('donor'), p.user('admin')]);
});
afterAll(() => p.stop());

const pool = () => p.catalog.service.ctx.pool;
/** A whole scan, as the queued job runs it (resolves when done). */
const runScan = (options?: ExpiryScanOptions) => runExpiryScan(p.catalog.service.ctx, new Date(), options);

/**
 * A medicine of `token`'s owner with `days` days left (set in SQL: the API refuses the past):
 * from 1 on, the end of that Cairo day (1 = today); 0 or fewer, that many days before now.
 */
async function medicineExpiringIn(token: string, days: number, name = `Med ${days}d`) {
  const { id } = (await p.api.post('/api/medicines', medicineInput({ name }), { token })).body;
  await pool().query(
    `UPDATE catalog.medicines SET expiry_date = CASE WHEN $2 >= 1
       THEN ((now() AT TIME ZONE '${cairoTimeZone}')::date + $2)::timestamp AT TIME ZONE '${cairoTimeZone}' - interval '1 millisecond'
       ELSE now() + make_interval(days => $2) END
      WHERE id = $1`,
    [id, days],
  );
  return id as number;
}

const alertsFor = async (ids: number[]) =>
  (
    await pool().query(
      `SELECT a->>'medicineId' AS id, (a->>'threshold')::int AS threshold
         FROM catalog.outbox, jsonb_array_elements(payload->'alerts') a
        WHERE job_name = 'medicine.expiry-alerts' AND (a->>'medicineId')::int = ANY($1)
        ORDER BY 2 DESC`,
      [ids],
    )
  ).rows;

describe('the daily expiry scan', () => {
  it('unlists expired stock and alerts once per medicine per threshold (−1, 0, 1, 7, 30, 31 days)', async () => {
    const ids: Record<number, number> = {};
    for (const days of [-1, 0, 1, 7, 30, 31]) ids[days] = await medicineExpiringIn(pharmacy.token, days);

    // Small batches: the six listings span several transactions.
    const scan = await runScan({ batchSize: 2 });
    expect(scan.unlisted).toBeGreaterThanOrEqual(2);
    expect(scan.alerts).toBeGreaterThanOrEqual(3);

    const { rows } = await pool().query('SELECT id, is_available FROM catalog.medicines WHERE id = ANY($1)', [
      Object.values(ids),
    ]);
    const available = Object.fromEntries(rows.map((r) => [r.id, r.is_available]));
    expect([-1, 0, 1, 7, 30, 31].map((d) => available[ids[d]!])).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(await alertsFor(Object.values(ids))).toEqual([
      { id: String(ids[30]), threshold: 30 },
      { id: String(ids[7]), threshold: 7 },
      { id: String(ids[1]), threshold: 1 },
    ]);

    // The owner gets one digest listing the three medicines, in their language.
    const [digest] = await waitForMails(pharmacy.email);
    expect(digest!.template).toBe('expiry-digest');
    expect(digest!.subject).toBe('3 of your medicines expire soon – MedRelay');
    for (const d of [1, 7, 30]) expect(digest!.text).toContain(`Med ${d}d`);
    expect(digest!.text).not.toContain('Med 31d');

    // A second run sends nothing new.
    expect(await runScan()).toEqual({ unlisted: 0, alerts: 0, digests: 0 });
    expect(await alertsFor(Object.values(ids))).toHaveLength(3);

    // Crossing the next threshold alerts again, once.
    await pool().query(`UPDATE catalog.medicines SET expiry_date = now() + interval '6 days' WHERE id = $1`, [
      ids[30],
    ]);
    expect(await runScan()).toMatchObject({ alerts: 1 });
    expect((await alertsFor([ids[30]!])).map((a) => a.threshold)).toEqual([30, 7]);
    // The expired listings left browsing and the read model of svc-requests hears of it.
    const changed = await pool().query(
      `SELECT count(*)::int AS n FROM catalog.outbox, jsonb_array_elements(payload->'medicines') m
        WHERE job_name = 'medicines.unlisted' AND (m->>'id')::int = $1`,
      [ids[-1]],
    );
    expect(changed.rows[0].n).toBe(1);
  });

  it('alerts on entering a shorter warning window, and respects the expiry-alert switch', async () => {
    // No wait for settings caches: the scan reads the settings identity just published.
    await p.identity.api.put('/api/admin/settings', { expiryWarningDays: 5 }, { token: admin.token });
    const in6 = await medicineExpiringIn(donor.token, 6, 'Six days');
    const in3 = await medicineExpiringIn(donor.token, 3, 'Three days');
    await runScan();
    expect((await alertsFor([in6])).length).toBe(0);
    expect((await alertsFor([in3])).map((a) => a.threshold)).toEqual([5]);

    await p.identity.api.put(
      '/api/admin/settings',
      { expiryWarningDays: 30, notifyExpiry: false },
      { token: admin.token },
    );
    expect((await runScan()).alerts).toBe(0);
    expect(await alertsFor([in6])).toHaveLength(0);
    await p.identity.api.put('/api/admin/settings', { notifyExpiry: true }, { token: admin.token });
  });

  it("moves the bell with the admin's expiry warning setting", async () => {
    const owner = await p.user('pharmacy');
    const in20 = await medicineExpiringIn(owner.token, 20, 'Twenty days left');
    // What the header's bell asks: no `days`, the setting decides.
    const bell = async () =>
      ((await p.api.get('/api/medicines/expiring', { token: owner.token })).body as { id: number }[]).map(
        (m) => m.id,
      );
    const adminExpiring = async () =>
      (
        (
          await p.api.get('/api/admin/all-medicines?expiry=expiring&q=Twenty%20days%20left', {
            token: admin.token,
          })
        ).body as { id: number }[]
      ).map((m) => m.id);
    expect(await adminExpiring()).toEqual([in20]);
    const setWindow = (days: number) =>
      p.identity.api.put('/api/admin/settings', { expiryWarningDays: days }, { token: admin.token });
    expect(await bell()).toEqual([in20]);
    try {
      expect((await setWindow(10)).status).toBe(200);
      await waitUntil(async () => (await bell()).length === 0, { what: 'the bell to leave out 20 days' });
      // An explicit window still answers for itself.
      expect((await p.api.get('/api/medicines/expiring?days=30', { token: owner.token })).body).toHaveLength(
        1,
      );
      // The admin's "expiring soon" filter is the same window.
      expect(await adminExpiring()).toEqual([]);
    } finally {
      await setWindow(30);
    }
    await waitUntil(async () => (await bell()).includes(in20), { what: 'the bell to show 20 days again' });
    expect(await adminExpiring()).toEqual([in20]);
  });

  it('is for administrators only', async () => {
    expect((await p.api.post('/api/admin/expiry-scan')).status).toBe(401);
    expect((await p.api.post('/api/admin/expiry-scan', undefined, { token: pharmacy.token })).status).toBe(
      403,
    );
  });

  it('is scheduled daily as one BullMQ job scheduler, also after a second start', async () => {
    const connection = createQueueRedis(p.catalog.config.REDIS_URL, 'test');
    const q = new Queue(expiryScanQueueName, { connection, prefix: `${p.catalog.config.REDIS_PREFIX}:bull` });
    const second = await startCatalogFor(p.identity);
    try {
      const schedulers = await q.getJobSchedulers();
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({
        key: 'daily-expiry-scan',
        pattern: '0 6 * * *',
        tz: cairoTimeZone,
      });
      // What the scheduler enqueues every day, run by the worker now.
      const expired = await medicineExpiringIn(pharmacy.token, -1, 'Run by the worker');
      const job = await q.add('expiry-scan', {});
      await waitUntil(async () => (await job.getState()) === 'completed', { what: 'the scan job' });
      expect((await q.getJob(job.id!))?.returnvalue).toMatchObject({ unlisted: 1 });
      const { rows } = await pool().query('SELECT is_available FROM catalog.medicines WHERE id = $1', [
        expired,
      ]);
      expect(rows[0].is_available).toBe(false);
    } finally {
      await second.stop();
      await q.close();
      await connection.quit();
    }
  });
});

/** Digest e-mails written for `email` so far (outbox rows of the mail queue). */
const digestsTo = async (email: string) =>
  (
    await pool().query<{ count: string }>(
      `SELECT payload->'data'->>'count' AS count FROM catalog.outbox
        WHERE job_name = 'expiry-digest' AND payload->>'to' = $1 ORDER BY created_at`,
      [email],
    )
  ).rows.map((r) => Number(r.count));

describe('the scan in batches', () => {
  // An earlier test switched alerts off and on again: wait until the catalog reads them on.
  beforeAll(async () => {
    await waitUntil(async () => (await p.catalog.service.ctx.settings()).notifyExpiry, {
      what: 'expiry alerts switched on',
    });
  });

  it("writes events svc-requests accepts: an unlisted listing's id and new version, an alert's facts", async () => {
    const expired = await medicineExpiringIn(pharmacy.token, -3, 'Snapshot probe');
    const soon = await medicineExpiringIn(pharmacy.token, 2, 'Alert probe');
    await runScan();
    // The bulk event holding `id`, and its entry for it.
    const eventOf = async (job: string, list: string, id: number) => {
      const { rows } = await pool().query(
        `SELECT payload, e AS entry FROM catalog.outbox, jsonb_array_elements(payload->$2) e
          WHERE job_name = $1 AND coalesce(e->>'id', e->>'medicineId')::int = $3
          ORDER BY created_at DESC LIMIT 1`,
        [job, list, id],
      );
      return rows[0];
    };
    const unlisted = await eventOf('medicines.unlisted', 'medicines', expired);
    medicinesUnlistedEventSchema.parse(unlisted.payload);
    const listing = (await findMedicine(pool(), expired))!;
    expect(listing.is_available).toBe(false);
    // Its version after the unlisting: the read model keeps whichever change is newest.
    expect(unlisted.entry).toEqual({ id: expired, version: listing.version });
    const { payload, entry: alert } = await eventOf('medicine.expiry-alerts', 'alerts', soon);
    expiryAlertsEventSchema.parse(payload);
    const row = (await findMedicine(pool(), soon))!;
    expect(alert).toMatchObject({
      ownerId: pharmacy.id,
      medicineName: 'Alert probe',
      threshold: 7,
      daysLeft: 2,
      expiryDate: row.expiry_date.toISOString(),
    });
  });

  it('publishes a batch in bulk events of at most 5,000 listings, each listing once', async () => {
    const owner = await p.user('pharmacy');
    const first = await medicineExpiringIn(owner.token, -1, 'Bulk 0');
    const { rows: copies } = await pool().query<{ id: number }>(
      `INSERT INTO catalog.medicines (owner_id, source, name, type, quantity, expiry_date, recipient_type)
       SELECT owner_id, source, 'Bulk ' || g, type, quantity, expiry_date, recipient_type
         FROM catalog.medicines, generate_series(1, 6100) g WHERE id = $1 RETURNING id`,
      [first],
    );
    const ids = [first, ...copies.map((r) => r.id)];
    await runScan({ batchSize: 10_000, parallel: 1 });
    const { rows } = await pool().query<{ size: number; distinct_ids: number }>(
      `SELECT jsonb_array_length(payload->'medicines') AS size,
              (SELECT count(DISTINCT e->>'id') FROM jsonb_array_elements(payload->'medicines') e)::int AS distinct_ids
         FROM catalog.outbox
        WHERE job_name = 'medicines.unlisted'
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(payload->'medicines') e WHERE (e->>'id')::int = ANY($1))
        ORDER BY 1 DESC`,
      [ids],
    );
    expect(rows.map((r) => r.size)).toEqual([5000, 1101]);
    expect(rows.every((r) => r.distinct_ids === r.size)).toBe(true);
    // Later tests scan in batches of one id: keep the table small for them.
    await pool().query('DELETE FROM catalog.medicines WHERE id = ANY($1)', [ids]);
  });

  it('works only on available listings expired or inside the window, found by expiry', async () => {
    const owner = await p.user('pharmacy');
    const soon = await medicineExpiringIn(owner.token, 5, 'Candidate soon');
    const expired = await medicineExpiringIn(owner.token, -2, 'Candidate expired');
    const fresh = await medicineExpiringIn(owner.token, 90, 'Candidate fresh');
    const unlisted = await medicineExpiringIn(owner.token, -3, 'Candidate unlisted');
    expect((await p.api.delete(`/api/medicines/${unlisted}`, { token: owner.token })).status).toBe(200);
    const now = new Date();
    const client = await pool().connect();
    try {
      const candidates = await scanCandidates(client, soon - 1, new Date(now.getTime() + 31 * 86_400_000));
      expect(candidates).toEqual([soon, expired]);
      expect(candidates).not.toContain(fresh);
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = await client.query(
        'EXPLAIN SELECT id FROM catalog.medicines WHERE is_available AND expiry_date <= now() AND id > 0',
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('medicines_scan_expiry');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('continues an interrupted run from its last committed batch, alerting each medicine once', async () => {
    const owner = await p.user('pharmacy');
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await medicineExpiringIn(owner.token, 5, `Resume ${i}`));
    const expired = await medicineExpiringIn(owner.token, -2, 'Resume expired');
    // The process dies after the batch holding the third medicine was committed.
    const crash = new Error('crash');
    await expect(
      runScan({
        batchSize: 2,
        parallel: 1,
        afterBatch: (cursor) => {
          if (cursor >= ids[2]!) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const open = await pool().query(
      'SELECT cursor_id FROM catalog.expiry_scan_runs WHERE finished_at IS NULL',
    );
    expect(open.rows[0].cursor_id).toBeGreaterThanOrEqual(ids[2]!);
    expect(open.rows[0].cursor_id).toBeLessThan(ids[5]!);
    const done = (await alertsFor(ids)).map((a) => Number(a.id));
    expect(done).toEqual(expect.arrayContaining(ids.slice(0, 3)));
    expect(done).not.toContain(ids[5]);
    // No digest before the run ends.
    expect(await digestsTo(owner.email)).toEqual([]);

    // The next run picks up from the cursor: the rest once, then one digest with all six.
    const resumed = await runScan({ batchSize: 2 });
    expect(resumed.unlisted).toBeGreaterThanOrEqual(1);
    expect((await alertsFor(ids)).map((a) => Number(a.id)).sort((a, b) => a - b)).toEqual(ids);
    expect(await digestsTo(owner.email)).toEqual([6]);
    const { rows } = await pool().query('SELECT is_available FROM catalog.medicines WHERE id = $1', [
      expired,
    ]);
    expect(rows[0].is_available).toBe(false);
    expect(
      (
        await pool().query(
          'SELECT count(*)::int AS n FROM catalog.expiry_scan_runs WHERE finished_at IS NULL',
        )
      ).rows[0].n,
    ).toBe(0);
  });

  it('runs one scan at a time: overlapping runs alert and mail once', async () => {
    const owner = await p.user('donor');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await medicineExpiringIn(owner.token, 1, `Overlap ${i}`));
    const results = await Promise.all([runScan({ batchSize: 1 }), runScan({ batchSize: 3 }), runScan()]);
    expect(await alertsFor(ids)).toHaveLength(4);
    expect(results.reduce((sum, r) => sum + r.alerts, 0)).toBeGreaterThanOrEqual(4);
    expect(await digestsTo(owner.email)).toEqual([4]);
  });

  it('is queued by the admin trigger (202) and run by the worker', async () => {
    const expired = await medicineExpiringIn(pharmacy.token, -1, 'Queued by the admin');
    const res = await p.api.post('/api/admin/expiry-scan', undefined, { token: admin.token });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: true, jobId: expect.any(String) });
    await waitUntil(
      async () =>
        !(await pool().query('SELECT is_available FROM catalog.medicines WHERE id = $1', [expired])).rows[0]
          .is_available,
      { what: 'the queued scan' },
    );
  });
});

describe('a corrected expiry date', () => {
  it('starts the alerts over for the new date', async () => {
    const id = await medicineExpiringIn(donor.token, 5, 'Corrected date');
    const scan = () => runScan();
    // Settings reach the catalog within a second (an earlier test switched alerts back on).
    await expect
      .poll(async () => (await scan(), (await alertsFor([id])).map((a) => a.threshold)), { timeout: 5000 })
      .toEqual([7]);

    // The owner finds the box expires later, then it nears its new date.
    const later = new Date(Date.now() + 40 * 24 * 3600 * 1000).toISOString();
    expect(
      (await p.api.put(`/api/medicines/${id}`, { expiryDate: later }, { token: donor.token })).status,
    ).toBe(200);
    await pool().query(`UPDATE catalog.medicines SET expiry_date = now() + interval '6 days' WHERE id = $1`, [
      id,
    ]);
    await scan();
    expect((await alertsFor([id])).map((a) => a.threshold)).toEqual([7, 7]);
  });
});
