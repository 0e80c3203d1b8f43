import { randomUUID } from 'node:crypto';
import type { MedicineSnapshot, Need, Notification } from '@medrelay/contracts';
import { inTransaction } from '@medrelay/service-kit';
import { waitForMails, waitUntil } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import { applyMedicineEvent } from '../medicines/read-model';
import type { TestUser } from '../testing';
import { sendMatchDigests } from './digest';
import {
  admin,
  as,
  declare,
  list,
  needJobsDone,
  needJobsIdle,
  p,
  pool,
  recallNotices,
  stored,
  useMatchingPlatform,
} from './matching-fixture';
import { withoutPharmacistLicense } from '@medrelay/svc-identity/licence-fixture';

// Matching kept right while things change under it: a listing and a need at the same moment,
// notices committed out of order, needers who move and owners suspended or reinstated.
useMatchingPlatform();

describe('matching while things change', () => {
  it('matches a listing and a need that arrive at the same moment (neither re-check misses the other)', async () => {
    const [ngo, pharmacy] = [await p.user('ngo'), await p.user('pharmacy')];
    const snapshot: MedicineSnapshot = {
      id: 1_900_000_002,
      ownerId: pharmacy.id,
      source: 'pharmacy',
      name: 'Glucophage 500mg',
      type: 'tablets',
      description: null,
      quantity: 5,
      originalPrice: '10.00',
      discountPrice: null,
      expiryDate: new Date(Date.now() + 60 * 86_400_000).toISOString(),
      recipientType: 'both',
      imageUrl: null,
      isAvailable: true,
      createdAt: new Date().toISOString(),
      version: 1,
    };
    const listingSide = await pool().connect();
    let need: Need;
    try {
      // The listing's event is applied and matched, not yet committed, when the need is posted.
      await inTransaction(listingSide, async () => {
        await applyMedicineEvent(
          listingSide,
          { eventId: randomUUID(), type: 'medicine.changed', occurredAt: '', medicine: snapshot },
          recallNotices(),
        );
        need = await declare(ngo, { medicine: 'Glucophage', minQuantity: 1 });
        await waitUntil(
          async () =>
            (
              await pool().query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              )
            ).rows[0]!.n > 0 || (await needJobsIdle()),
          { what: "the need's re-check to wait for the listing's, or to be done" },
        );
      });
    } finally {
      listingSide.release();
    }
    await needJobsDone();
    expect(await stored(need!.id)).toEqual([snapshot.id]);
  });

  it('e-mails each match once though notifications commit out of order, and never one that no longer holds', async () => {
    const ngo = await p.user('ngo');
    const pharmacy = await p.user('pharmacy');
    await declare(ngo, { medicine: 'Concor', minQuantity: 1 });
    await needJobsDone();
    // An id taken by a transaction that commits late (ids are handed out in insert order).
    const { rows: taken } = await pool().query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('requests.notifications', 'id'))::int AS id`,
    );
    const first = await list(pharmacy, { name: 'Concor 5mg' });
    const late = await list(pharmacy, { name: 'Concor 10mg' });
    const noticeOf = async (medicineId: number) =>
      (
        await pool().query(
          `SELECT * FROM requests.notifications WHERE user_id = $1 AND type = 'need-match' AND medicine_id = $2`,
          [ngo.id, medicineId],
        )
      ).rows[0];
    await waitUntil(async () => (await noticeOf(late.id)) !== undefined, { what: 'both notices' });
    // The second notice is not committed yet when the digest runs: it commits after, with the lower id.
    const lateNotice = await noticeOf(late.id);
    await pool().query('DELETE FROM requests.notifications WHERE id = $1', [lateNotice.id]);
    const now = new Date();
    await sendMatchDigests(p.requests.service.ctx, now);
    const [firstMail] = await waitForMails(ngo.email);
    expect(firstMail!.text).toContain('Concor 5mg');
    await pool().query(
      `INSERT INTO requests.notifications (id, user_id, type, title_key, message_key, params, medicine_id, source_key)
       OVERRIDING SYSTEM VALUE VALUES ($1, $2, 'need-match', $3, $4, $5, $6, $7)`,
      [
        taken[0]!.id,
        ngo.id,
        lateNotice.title_key,
        lateNotice.message_key,
        lateNotice.params,
        late.id,
        lateNotice.source_key,
      ],
    );
    expect(taken[0]!.id).toBeLessThan((await noticeOf(first.id)).id);

    // A third match is unlisted before the next digest: the app drops it, so does the e-mail.
    const gone = await list(pharmacy, { name: 'Concor 2.5mg' });
    await waitUntil(async () => (await noticeOf(gone.id)) !== undefined, { what: 'the third notice' });
    expect(
      (
        await p.catalog.api.put(
          `/api/medicines/${gone.id}`,
          { isAvailable: false },
          { token: pharmacy.token },
        )
      ).status,
    ).toBe(200);
    await waitUntil(
      async () =>
        (await pool().query('SELECT is_available FROM requests.medicines WHERE id = $1', [gone.id])).rows[0]
          ?.is_available === false,
      { what: 'the unlisting in the read model' },
    );
    await sendMatchDigests(p.requests.service.ctx, new Date(now.getTime() + 61 * 60_000));
    const mails = await waitForMails(ngo.email, 2);
    expect(mails[1]!.text).toContain('Concor 10mg');
    expect(mails[1]!.text).not.toContain('Concor 2.5mg');
    expect(mails[1]!.text).not.toContain('Concor 5mg');
  });
  it('matches again when a needer moves or an owner is reinstated: what lay out of reach or out of standing comes in', async () => {
    const [ngo, cairo, aswan] = await Promise.all([p.user('ngo'), p.user('pharmacy'), p.user('pharmacy')]);
    const place = async (user: TestUser, area: string) => {
      expect((await p.identity.api.put('/api/auth/me', { area }, { token: user.token })).status).toBe(200);
      await waitUntil(
        async () =>
          (await pool().query('SELECT area FROM requests.users WHERE id = $1', [user.id])).rows[0]?.area ===
          area,
        { what: 'the area in the read model' },
      );
    };
    await Promise.all([place(ngo, 'dokki'), place(cairo, 'dokki'), place(aswan, 'aswan-city')]);
    const need = await declare(ngo, { medicine: 'Eltroxin', minQuantity: 1 });
    await needJobsDone();
    const near = await list(cairo, { name: 'Eltroxin 50mcg' });
    const far = await list(aswan, { name: 'Eltroxin 100mcg' });
    expect(await stored(need.id)).toEqual([near.id]);

    // The NGO moves to Aswan: the Aswan listing comes within reach (and is notified), Dokki's goes.
    await place(ngo, 'aswan-city');
    await waitUntil(async () => (await stored(need.id)).includes(far.id), {
      what: 'the rematch after the move',
    });
    expect(await stored(need.id)).toEqual([far.id]);
    const notices = await p.requests.api.get<Notification[]>('/api/notifications', as(ngo));
    expect(notices.body.some((n) => n.medicineId === far.id && n.type === 'need-match')).toBe(true);

    // Suspended, the Aswan pharmacy's listing leaves; reinstated, it matches again.
    const status = (value: string) =>
      p.identity.api.put(`/api/admin/users/${aswan.id}/status`, { status: value }, { token: admin.token });
    expect((await status('rejected')).status).toBe(200);
    await waitUntil(async () => (await stored(need.id)).length === 0, { what: 'the suspension applied' });
    // A suspended needer's wanted list rests as well: a new listing near it is not matched.
    const ngoStatus = (value: string) =>
      p.identity.api.put(`/api/admin/users/${ngo.id}/status`, { status: value }, { token: admin.token });
    expect((await ngoStatus('rejected')).status).toBe(200);
    await waitUntil(
      async () =>
        (await pool().query('SELECT status FROM requests.users WHERE id = $1', [ngo.id])).rows[0]?.status ===
        'rejected',
      { what: 'the NGO suspended in the read model' },
    );
    const aswanToo = await p.user('pharmacy');
    await place(aswanToo, 'aswan-city');
    const whileSuspended = await list(aswanToo, { name: 'Eltroxin 25mcg' });
    expect(await stored(need.id)).not.toContain(whileSuspended.id);
    expect((await ngoStatus('approved')).status).toBe(200);
    expect((await status('approved')).status).toBe(200);
    await waitUntil(async () => (await stored(need.id)).includes(far.id), {
      what: 'the reinstatement applied',
    });
  });

  it("matches a donor's medicine to an NGO with a licensed pharmacist only; one whose licence is accepted gets its matches", async () => {
    const [ngo, donor, pharmacy] = await Promise.all([p.user('ngo'), p.user('donor'), p.user('pharmacy')]);
    await withoutPharmacistLicense(p.identity, ngo.id);
    const hasPharmacist = async () =>
      (await pool().query('SELECT has_pharmacist FROM requests.users WHERE id = $1', [ngo.id])).rows[0]
        ?.has_pharmacist as boolean | null;
    await waitUntil(async () => (await hasPharmacist()) === false, {
      what: 'no pharmacist in the read model',
    });
    const need = await declare(ngo, { medicine: 'Lasix', minQuantity: 1 });
    await needJobsDone();
    const donated = await list(donor, { name: 'Lasix 40mg', recipientType: 'ngos' });
    const stocked = await list(pharmacy, { name: 'Lasix 20mg', recipientType: 'ngos' });
    await waitUntil(async () => (await stored(need.id)).includes(stocked.id), {
      what: "the pharmacy's match",
    });
    expect(await stored(need.id)).toEqual([stocked.id]);

    // The licence it adds waits for an administrator; accepted, the NGO is matched to donations.
    expect(
      (await p.identity.api.put('/api/auth/me', { pharmacistLicense: '104471' }, { token: ngo.token }))
        .status,
    ).toBe(200);
    expect(
      (
        await p.identity.api.put(`/api/admin/users/${ngo.id}/pharmacist-license/accept`, undefined, {
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    await waitUntil(async () => (await stored(need.id)).includes(donated.id), {
      what: 'the rematch after the licence',
    });
    const notices = await p.requests.api.get<Notification[]>('/api/notifications', as(ngo));
    expect(notices.body.some((n) => n.medicineId === donated.id && n.type === 'need-match')).toBe(true);
  });
});
