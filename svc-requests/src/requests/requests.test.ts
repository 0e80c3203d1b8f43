import { translate, type MedicineRequest, type Transaction } from '@medrelay/contracts';
import {
  cairoDay,
  cairoInstant,
  cairoTime,
  formatPickupWindow,
  receivedSummary,
  revenueRecovered,
} from '@medrelay/domain';
import { waitForMails, waitUntil } from '@medrelay/testing';
import { requestActivity } from '../stats/repo';
import { describe, expect, it } from 'vitest';
import {
  admin,
  ask,
  donor,
  inDays,
  list,
  move,
  ngo,
  ngo2,
  p,
  pharmacy,
  pharmacy2,
  suspend,
  useRequestsPlatform,
} from './requests-fixture';

// A request from listing to collection: the lifecycle, the refusals when requesting, and the
// state machine the server enforces.
useRequestsPlatform();

const quantityInCatalog = async (id: number) =>
  (await p.catalog.service.ctx.pool.query('SELECT quantity FROM catalog.medicines WHERE id = $1', [id]))
    .rows[0].quantity as number;

describe('the request lifecycle', () => {
  it('pharmacy lists → NGO requests → pharmacy approves → NGO collects; both histories show it', async () => {
    const medicine = await list(pharmacy.token, 60, { quantity: 10, recipientType: 'ngos' });
    const created = await ask(ngo.token, {
      medicineId: medicine.id,
      quantity: 4,
      notes: 'For the Shubra clinic',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      medicineId: medicine.id,
      requesterId: ngo.id,
      providerId: pharmacy.id,
      status: 'pending',
      quantity: 4,
      notes: 'For the Shubra clinic',
      direction: 'outgoing',
      medicine: { id: medicine.id, name: medicine.name, source: 'pharmacy', pharmacyId: pharmacy.id },
      // The NGO by its organisation ('Org'; its person 'ngo user' is in the contact), as notices and e-mails.
      requester: { id: ngo.id, name: 'Org', userType: 'ngo' },
      provider: { id: pharmacy.id, name: 'pharmacy user', userType: 'pharmacy' },
    });
    const id = created.body.id as number;

    const incoming = await p.requests.api.get('/api/requests/my', { token: pharmacy.token });
    expect(incoming.body.find((r: { id: number }) => r.id === id)).toMatchObject({ direction: 'incoming' });
    const pending = await p.requests.api.get('/api/requests/my?status=pending', { token: ngo.token });
    expect(pending.body.map((r: { id: number }) => r.id)).toContain(id);
    // No contact before an approval (docs/transfers.md): neither party's e-mail in the history.
    const beforeApproval = await p.requests.api.get('/api/transactions/my', { token: pharmacy.token });
    expect(beforeApproval.body.find((t: { id: number }) => t.id === id).pickup).toBeNull();

    const approved = await move(pharmacy.token, id, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(await quantityInCatalog(medicine.id)).toBe(6);

    const completed = await move(ngo.token, id, { status: 'completed' });
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('completed');

    // Each party's contact e-mail is the other's: the pharmacy read its own as the contact.
    for (const [user, other] of [
      [ngo, pharmacy],
      [pharmacy, ngo],
    ] as const) {
      const history = await p.requests.api.get('/api/transactions/my', { token: user.token });
      expect(history.status).toBe(200);
      expect(history.body.find((t: { id: number }) => t.id === id)).toMatchObject({
        status: 'completed',
        pickup: {
          pharmacyName: 'pharmacy user',
          address: '15 Mesaha Square, Dokki, Giza',
          contactEmail: other.email,
          location: null,
          date: null,
        },
      });
    }
    // The approval e-mail reached the NGO with where to collect.
    const [mail] = await waitForMails(ngo.email);
    expect(mail!.template).toBe('request-approved');
    expect(mail!.text).toContain('15 Mesaha Square, Dokki, Giza');
    expect(mail!.text).toContain(pharmacy.email);
    // The requests read model follows the catalog's quantity.
    await waitUntil(async () => {
      const { rows } = await p.requests.service.ctx.pool.query(
        'SELECT quantity FROM requests.medicines WHERE id = $1',
        [medicine.id],
      );
      return rows[0]?.quantity === 6;
    });
  });

  it('keeps the prices agreed on approval: editing the listing later leaves past figures alone', async () => {
    const medicine = await list(pharmacy.token, 60, { quantity: 5, originalPrice: 50, discountPrice: 12.5 });
    const created = await ask(ngo.token, { medicineId: medicine.id, quantity: 2 });
    const id = created.body.id as number;
    expect(created.body).toMatchObject({ unitPrice: null, originalUnitPrice: null });
    expect((await move(pharmacy.token, id, { status: 'approved' })).body).toMatchObject({
      unitPrice: '12.50',
      originalUnitPrice: '50.00',
    });
    expect((await move(ngo.token, id, { status: 'completed' })).status).toBe(200);

    // The owner now gives the rest away free and changes its original price.
    const edit = await p.catalog.api.put(
      `/api/medicines/${medicine.id}`,
      { discountPrice: null, originalPrice: 80 },
      { token: pharmacy.token },
    );
    expect(edit.status).toBe(200);
    const mine = async () =>
      (await p.requests.api.get('/api/requests/my', { token: pharmacy.token })).body as MedicineRequest[];
    await waitUntil(async () => (await mine()).find((r) => r.id === id)?.medicine?.discountPrice === null);
    const sold = (await mine()).filter((r) => r.medicineId === medicine.id);
    expect(sold[0]).toMatchObject({ unitPrice: '12.50', originalUnitPrice: '50.00' });
    expect(revenueRecovered(sold)).toBe(25);
    const received = (await p.requests.api.get('/api/transactions/my', { token: ngo.token }))
      .body as Transaction[];
    expect(receivedSummary(received.filter((r) => r.medicineId === medicine.id)).estimatedValue).toBe(100);
  });

  it('charges the price the requester asked at, not a rise made since; a cut since is passed on', async () => {
    const approvedAt = async (discountPrice: number) => {
      const medicine = await list(pharmacy.token, 60, { quantity: 5, originalPrice: 50, discountPrice: 10 });
      const id = (await ask(ngo.token, { medicineId: medicine.id, quantity: 3 })).body.id as number;
      const edit = await p.catalog.api.put(
        `/api/medicines/${medicine.id}`,
        { discountPrice },
        { token: pharmacy.token },
      );
      expect(edit.status).toBe(200);
      return (await move(pharmacy.token, id, { status: 'approved' })).body as MedicineRequest;
    };
    expect(await approvedAt(49)).toMatchObject({ unitPrice: '10.00', originalUnitPrice: '50.00' });
    expect(await approvedAt(8)).toMatchObject({ unitPrice: '8.00', originalUnitPrice: '50.00' });
  });

  it('a donation needs pickup details to be approved; the requester gets them by e-mail in their language', async () => {
    await p.identity.service.ctx.pool.query("UPDATE identity.users SET language = 'ar' WHERE id = $1", [
      ngo2.id,
    ]);
    await p.identity.api.put('/api/auth/me', { language: 'ar' }, { token: ngo2.token });
    const donation = await list(donor.token, 90, {
      quantity: 3,
      recipientType: 'ngos',
      name: 'Augmentin 1g',
    });
    const created = await ask(ngo2.token, { medicineId: donation.id });
    expect(created.body.quantity).toBe(1);
    const id = created.body.id as number;

    const missing = await move(donor.token, id, { status: 'approved' });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: { rule: string }) => d.rule)).toEqual([
      'pickupLocationRequired',
      'pickupDateRequired',
    ]);
    expect(missing.body.message).toBe('Pickup location is required');
    const past = await move(donor.token, id, {
      status: 'approved',
      pickupLocation: 'Maadi',
      pickupDate: inDays(-2),
    });
    expect(past.status).toBe(400);
    expect(past.body.details[0].rule).toBe('pickupDatePast');
    // Two hours ago (today, or just before midnight yesterday): refused on the field sent, never
    // on a window the caller did not send.
    const over = await move(donor.token, id, {
      status: 'approved',
      pickupLocation: 'Maadi',
      pickupDate: new Date(Date.now() - 2 * 3600_000).toISOString(),
    });
    expect([over.status, over.body.details.map((d: { path: string }) => d.path)]).toEqual([
      400,
      ['pickupDate'],
    ]);

    // At 10:00 Cairo time: an hour from the test's own minute crossed midnight after 23:00 (the
    // window then ends at 23:59, the day's end), so the test depended on the time of day.
    const pickupDate = cairoInstant(cairoDay(inDays(2)), '10:00')!.toISOString();
    const ok = await move(donor.token, id, {
      status: 'approved',
      pickupLocation: 'Maadi, Street 9',
      pickupDate,
    });
    expect(ok.status).toBe(200);
    // The spec's place and date-time are one pickup window, an hour from that minute (Cairo time).
    const start = cairoInstant(cairoDay(pickupDate), cairoTime(pickupDate))!;
    expect(ok.body).toMatchObject({
      status: 'approved',
      pickupLocation: 'Maadi, Street 9',
      pickupDate: start.toISOString(),
    });
    const plan = await p.requests.api.get(`/api/requests/${id}/pickup`, { token: ngo2.token });
    expect(plan.body.windows).toEqual([
      expect.objectContaining({
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + 3600_000).toISOString(),
      }),
    ]);
    // The history gives a time only once one is agreed: the window offered waits for the NGO's choice.
    const history = await p.requests.api.get('/api/transactions/my', { token: ngo2.token });
    expect(history.body.find((t: { id: number }) => t.id === id).pickup).toEqual({
      pharmacyName: null,
      address: null,
      contactEmail: null,
      location: 'Maadi, Street 9',
      date: null,
      window: null,
    });
    const [mail] = await waitForMails(ngo2.email);
    expect(mail!.template).toBe('request-approved');
    expect(mail!.subject).toBe('تمت الموافقة على طلبك لـ \u2068Augmentin 1g\u2069 – MedRelay');
    expect(mail!.text).toContain('Maadi, Street 9');
    expect(mail!.text).toContain('مكان الاستلام');
    // The e-mail offers the same window the app shows, with Latin digits; no calendar file until
    // a time is agreed (only the time chosen goes to calendars).
    expect(mail!.text).toContain(formatPickupWindow(start, new Date(start.getTime() + 3600_000), 'ar'));
    expect(mail!.attachments).toEqual([]);
    expect(mail!.calendar).toBeUndefined();
    // The requester's handover code is in the e-mail, the same as in the app.
    const code = (await p.requests.api.get(`/api/requests/${id}`, { token: ngo2.token })).body.handoverCode
      .code;
    expect(mail!.text).toContain(code);
    expect(mail!.text).toMatch(/\b\d{4}\b/);
    expect(mail!.text).not.toMatch(/[\u0660-\u0669]/);
  });
});

describe('refusals when requesting', () => {
  it('validates the body (400) and answers in Arabic when asked', async () => {
    const medicine = await list(pharmacy.token);
    for (const body of [
      {},
      { medicineId: 'x' },
      { medicineId: medicine.id, quantity: 0 },
      { medicineId: medicine.id, quantity: 1.5 },
      { medicineId: medicine.id, extra: true },
      { medicineId: -1 },
      { medicineId: medicine.id, notes: 'n'.repeat(1001) },
    ]) {
      const res = await ask(ngo.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const ar = await ask(ngo.token, { medicineId: medicine.id, quantity: 0 }, { 'accept-language': 'ar' });
    expect(ar.body.message).toBe('الكمية لازم تكون 1 على الأقل');
  });

  it('refuses your own medicine, one not offered to your role, an unavailable or expired one, and too much', async () => {
    const own = await list(pharmacy.token, 60, { recipientType: 'both' });
    expect(await ask(pharmacy.token, { medicineId: own.id })).toMatchObject({
      status: 403,
      body: { code: 'OWN_MEDICINE' },
    });

    const forPharmacies = await list(pharmacy.token, 60, { recipientType: 'pharmacies' });
    const notOffered = await ask(ngo.token, { medicineId: forPharmacies.id });
    expect(notOffered.status).toBe(403);
    expect(notOffered.body).toMatchObject({
      code: 'NOT_OFFERED',
      message: 'This medicine is not offered to your account type',
    });
    expect((await ask(pharmacy2.token, { medicineId: forPharmacies.id })).status).toBe(201);

    const unlisted = await list(pharmacy.token);
    await p.catalog.api.delete(`/api/medicines/${unlisted.id}`, { token: pharmacy.token });
    expect(await ask(ngo.token, { medicineId: unlisted.id })).toMatchObject({
      status: 409,
      body: { code: 'MEDICINE_UNAVAILABLE' },
    });

    const expired = await list(pharmacy.token);
    await p.catalog.service.ctx.pool.query(
      "UPDATE catalog.medicines SET expiry_date = now() - interval '1 hour' WHERE id = $1",
      [expired.id],
    );
    expect((await ask(ngo.token, { medicineId: expired.id })).status).toBe(409);

    const few = await list(pharmacy.token, 60, { quantity: 2 });
    const tooMany = await ask(ngo.token, { medicineId: few.id, quantity: 3 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({
      code: 'INSUFFICIENT_QUANTITY',
      message: 'Only 2 units available',
      details: { available: 2 },
    });
    expect((await ask(ngo.token, { medicineId: 999999 })).status).toBe(404);

    const suspendedOwner = await p.user('pharmacy');
    const hidden = await list(suspendedOwner.token);
    await suspend(suspendedOwner);
    expect((await ask(ngo.token, { medicineId: hidden.id })).body.code).toBe('MEDICINE_UNAVAILABLE');
  });

  it('answers 503 (not 500) when the catalog is unreachable', async () => {
    const { startRequestsFor } = await import('../testing');
    const offline = await startRequestsFor(p.identity, { ...p.catalog, baseUrl: 'http://127.0.0.1:9' });
    try {
      const res = await offline.api.post('/api/requests', { medicineId: 1 }, { token: ngo.token });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toEqual({
        message: 'This part of the platform is unavailable right now. Please try again shortly.',
        code: 'UPSTREAM_UNAVAILABLE',
        details: { retryAfterSeconds: 5 },
      });
      const arabic = await offline.api.post(
        '/api/requests',
        { medicineId: 1 },
        { token: ngo.token, headers: { 'accept-language': 'ar' } },
      );
      expect(arabic.body).toEqual({
        message: 'الجزء ده من المنصة مش متاح دلوقتي. من فضلك جرب تاني كمان شوية.',
        code: 'UPSTREAM_UNAVAILABLE',
        details: { retryAfterSeconds: 5 },
      });
    } finally {
      await offline.stop();
    }
  });
});

describe('the state machine (spec §4), enforced on the server', () => {
  it('allows only the moves of each party; everything else is 409 with a clear message', async () => {
    const medicine = await list(pharmacy.token, 60, { quantity: 20 });
    const newRequest = async () => (await ask(ngo.token, { medicineId: medicine.id })).body.id as number;

    const a = await newRequest();
    // The requester cannot approve or reject, the owner cannot cancel or complete.
    for (const [token, status] of [
      [ngo.token, 'approved'],
      [ngo.token, 'rejected'],
      [pharmacy.token, 'cancelled'],
      [pharmacy.token, 'completed'],
    ] as const) {
      const res = await move(token, a, { status });
      expect(res.status, status).toBe(409);
      expect(res.body.code).toBe('INVALID_TRANSITION');
    }
    const completeEarly = await move(ngo.token, a, { status: 'completed' });
    expect(completeEarly.body.message).toBe('This request is pending now: you cannot mark it completed');

    expect((await move(ngo.token, a, { status: 'cancelled' })).body.status).toBe('cancelled');
    for (const status of ['approved', 'rejected', 'completed', 'cancelled']) {
      expect((await move(pharmacy.token, a, { status })).status).toBe(409);
      expect((await move(ngo.token, a, { status })).status).toBe(409);
    }

    const b = await newRequest();
    expect((await move(pharmacy.token, b, { status: 'rejected' })).body.status).toBe('rejected');
    expect((await move(pharmacy.token, b, { status: 'approved' })).status).toBe(409);
    expect((await move(ngo.token, b, { status: 'completed' })).status).toBe(409);

    const c = await newRequest();
    expect((await move(pharmacy.token, c, { status: 'approved' })).status).toBe(200);
    expect((await move(pharmacy.token, c, { status: 'approved' })).status).toBe(409);
    expect((await move(pharmacy.token, c, { status: 'cancelled' })).status).toBe(409);
    expect((await move(pharmacy.token, c, { status: 'completed' })).status).toBe(409);
    expect((await move(ngo.token, c, { status: 'approved' })).status).toBe(409);
    expect((await move(ngo.token, c, { status: 'completed' })).status).toBe(200);
    // A stale card's second tap: refused in the caller's language, no status raw in the text.
    const again = await move(ngo.token, c, { status: 'completed' }, { 'accept-language': 'ar' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('الطلب ده حالته دلوقتي «اتسلّم»: مينفعش تغيّرها لـ«اتسلّم»');
    expect(await quantityInCatalog(medicine.id)).toBe(19);

    // Outsiders get 403; bad ids and bodies 400; unknown ids 404.
    expect((await move(ngo2.token, c, { status: 'completed' })).status).toBe(403);
    expect((await move(admin.token, c, { status: 'completed' })).status).toBe(403);
    expect((await move(pharmacy.token, 999999, { status: 'approved' })).status).toBe(404);
    expect((await move(pharmacy.token, c, { status: 'pending' })).status).toBe(400);
    expect((await move(pharmacy.token, c, {})).status).toBe(400);
    expect(
      (
        await p.requests.api.put(
          '/api/requests/abc/status',
          { status: 'approved' },
          { token: pharmacy.token },
        )
      ).status,
    ).toBe(400);
  });

  it('lets either party call off an approved pickup: the units go back on offer and the other party is told (pushed)', async () => {
    const medicine = await list(pharmacy.token, 60, { quantity: 10, name: 'Lasix 40mg' });
    const approved = async () => {
      const id = (await ask(ngo.token, { medicineId: medicine.id, quantity: 3 })).body.id as number;
      expect((await move(pharmacy.token, id, { status: 'approved' })).status).toBe(200);
      return id;
    };
    const notice = async (userId: number, id: number) =>
      (
        await p.requests.service.ctx.pool.query(
          'SELECT type, message_key FROM requests.notifications WHERE user_id = $1 AND request_id = $2 ORDER BY id DESC LIMIT 1',
          [userId, id],
        )
      ).rows[0];
    const backOnOffer = () =>
      waitUntil(async () => (await quantityInCatalog(medicine.id)) === 10, {
        what: 'the units back on offer',
      });

    // The NGO will not come after all.
    const first = await approved();
    expect(await quantityInCatalog(medicine.id)).toBe(7);
    const cancelled = await move(ngo.token, first, { status: 'cancelled' });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    await backOnOffer();
    expect(await notice(pharmacy.id, first)).toEqual({
      type: 'pickup-update',
      message_key: 'notifyApprovedCancelled',
    });

    // The pharmacy cannot hand it over after all.
    const second = await approved();
    const calledOff = await move(pharmacy.token, second, { status: 'rejected' });
    expect([calledOff.status, calledOff.body.status]).toEqual([200, 'rejected']);
    await backOnOffer();
    expect(await notice(ngo.id, second)).toEqual({
      type: 'pickup-update',
      message_key: 'notifyApprovalWithdrawn',
    });
    expect(
      translate('notifyApprovalWithdrawn', 'ar', { owner: 'صيدلية النيل', quantity: 3, medicine: 'Lasix' }),
    ).toBe('صيدلية النيل لغى التسليم: متروحش تستلم 3 وحدات من Lasix.');
    // Nothing more to do on either: the code hands nothing over, and neither can collect it.
    expect((await move(ngo.token, second, { status: 'completed' })).status).toBe(409);
    expect((await move(ngo.token, first, { status: 'completed' })).status).toBe(409);
  });

  it("approves fewer units than asked when fewer are left; never more than asked, in the caller's language", async () => {
    const medicine = await list(pharmacy.token, 60, { quantity: 10, name: 'Eltroxin 50mcg' });
    // The one approved in part reads English (ngo2 reads Arabic once the donation test has run).
    const first = (await ask(ngo2.token, { medicineId: medicine.id, quantity: 7 })).body.id as number;
    const second = (await ask(ngo.token, { medicineId: medicine.id, quantity: 6 })).body.id as number;
    expect((await move(pharmacy.token, first, { status: 'approved' })).status).toBe(200);
    // 3 left for the 6 asked: refused whole, approved for the 3.
    const whole = await move(pharmacy.token, second, { status: 'approved' });
    expect([whole.status, whole.body.code]).toEqual([409, 'INSUFFICIENT_QUANTITY']);
    const more = await move(
      pharmacy.token,
      second,
      { status: 'approved', quantity: 8 },
      { 'accept-language': 'ar' },
    );
    expect([more.status, more.body.details[0].path, more.body.message]).toEqual([
      400,
      'quantity',
      'أقصى حاجة توافق عليها هي الكمية المطلوبة: 6 وحدات',
    ]);
    expect((await move(ngo.token, second, { status: 'cancelled', quantity: 1 })).status).toBe(400);
    const part = await move(pharmacy.token, second, { status: 'approved', quantity: 3 });
    // What was asked stays known to both parties' histories.
    expect(part.body).toMatchObject({ status: 'approved', quantity: 3, askedQuantity: 6 });
    expect(await quantityInCatalog(medicine.id)).toBe(0);
    // The requester is told it got fewer than it asked for, in its language; a whole approval is not.
    type Told = { requestId: number; title: string; message: string };
    const told = async (token: string, id: number, language = 'en') =>
      (
        await p.requests.api.get('/api/notifications', { token, headers: { 'accept-language': language } })
      ).body.find((n: Told) => n.requestId === id) as Told;
    expect(await told(ngo.token, second, 'ar')).toMatchObject({
      title: 'اتوافق على جزء من طلبك',
      message: expect.stringMatching(/ وافق على 3 وحدات بس من Eltroxin 50mcg: انت كنت طالب 6 وحدات$/),
    });
    expect((await told(ngo2.token, first)).message).toBe(
      'Your request for 7 units of Eltroxin 50mcg was approved',
    );
    // So is its approval e-mail, which it takes to the pickup; the whole approval's says nothing of it.
    const approvalOf = (email: string) =>
      waitForMails(email, 1, {
        match: (m) => m.template === 'request-approved' && m.text.includes('Eltroxin 50mcg'),
      }).then(([mail]) => mail!);
    const partMail = await approvalOf(ngo.email);
    expect(partMail.subject).toContain('approved in part');
    expect(partMail.text).toContain(
      'That is fewer than you asked for: you asked for 6 units, and only 3 units will be handed over to you.',
    );
    const wholeMail = (await approvalOf(ngo2.email)).text;
    expect(wholeMail).not.toContain('fewer');
    expect(wholeMail).not.toContain('أقل من اللي طلبته');
  });

  it('refuses an approval when the catalog has too little left, leaving the request pending', async () => {
    const medicine = await list(pharmacy.token, 60, { quantity: 3 });
    const first = (await ask(ngo.token, { medicineId: medicine.id, quantity: 2 })).body.id;
    const second = (await ask(ngo2.token, { medicineId: medicine.id, quantity: 2 })).body.id;
    expect((await move(pharmacy.token, first, { status: 'approved' })).status).toBe(200);
    const refused = await move(pharmacy.token, second, { status: 'approved' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INSUFFICIENT_QUANTITY');
    const still = await p.requests.api.get(`/api/requests/${second}`, { token: ngo2.token });
    expect(still.body.status).toBe('pending');
    expect((await move(pharmacy.token, second, { status: 'rejected' })).status).toBe(200);
    expect(await quantityInCatalog(medicine.id)).toBe(1);
    // The rejection queues a release (nothing was reserved): the catalog records it as final.
    await waitUntil(async () => {
      const { rows } = await p.catalog.service.ctx.pool.query(
        'SELECT status, quantity FROM catalog.reservations WHERE request_id = $1',
        [second],
      );
      return rows[0]?.status === 'released' && rows[0]?.quantity === 0;
    });
    expect(await quantityInCatalog(medicine.id)).toBe(1);
  });
  it('tells the requester of an agreed pickup when the owner changes the pack, the name, the type or a category', async () => {
    const requester = await p.user('ngo');
    const medicine = await list(pharmacy.token, 200, { quantity: 5 });
    const id = (await ask(requester.token, { medicineId: medicine.id, quantity: 2 })).body.id as number;
    expect((await move(pharmacy.token, id, { status: 'approved' })).status).toBe(200);
    const edit = (changes: Record<string, unknown>) =>
      p.catalog.api.put(`/api/medicines/${medicine.id}`, changes, { token: pharmacy.token });
    const notices = async (language = 'en') =>
      (
        await p.requests.api.get<{ requestId: number | null; title: string; message: string }[]>(
          '/api/notifications',
          { token: requester.token, headers: { 'accept-language': language } },
        )
      ).body.filter((n) => n.requestId === id && n.title !== 'Request approved');
    const packNotices = async () => (await notices()).filter((n) => n.title === 'Pack details changed');
    // A description is not what is collected: nothing to tell.
    expect((await edit({ description: 'Two boxes dented' })).status).toBe(200);
    const expiry = inDays(20).slice(0, 10);
    const expires = cairoDay(new Date(`${expiry}T12:00:00Z`));
    expect((await edit({ expiryDate: expiry })).status).toBe(200);
    await waitUntil(async () => (await packNotices()).length === 1, { what: 'the requester told' });
    expect((await packNotices())[0]!.message).toBe(
      `The owner changed the details of the 2 × Panadol Extra 500mg you are to collect: batch —, expires ${expires}. Check the pack at pickup.`,
    );

    // Renamed and now cold chain, the pack codes the same: told, and told to bring a cool box.
    expect((await edit({ name: 'Insulin Mixtard 30', categories: ['coldChain'] })).status).toBe(200);
    await waitUntil(async () => (await notices()).length === 2, { what: 'the requester told again' });
    expect((await notices())[0]).toMatchObject({
      title: 'Medicine details changed',
      message: `The owner changed the 2 × Insulin Mixtard 30 you are to collect: renamed from Panadol Extra 500mg; it now needs cold storage: bring a cool box with ice packs. Batch —, expires ${expires}. Check the pack at pickup.`,
    });
    expect((await notices('ar'))[0]).toMatchObject({
      title: 'بيانات الدوا اتغيرت',
      message: `صاحب الإعلان غيّر 2 × Insulin Mixtard 30 اللي هتستلمهم: اسمه اتغير من Panadol Extra 500mg؛ بقى محتاج تبريد: هات معاك شنطة تبريد فيها تلج. التشغيلة —، بتنتهي ${expires}. راجع العلبة وانت بتستلم.`,
    });

    // Another dosage form, no longer cold chain, now prescription-only, and a batch: all named.
    expect((await edit({ type: 'injection', categories: ['prescription'], batch: 'LOT-7' })).status).toBe(
      200,
    );
    await waitUntil(async () => (await notices()).length === 3, { what: 'the requester told a third time' });
    expect((await notices())[0]!.message).toBe(
      `The owner changed the 2 × Insulin Mixtard 30 you are to collect: the type is now Injection (it was Tablets); it no longer needs cold storage; it is now prescription-only; new pack details. Batch LOT-7, expires ${expires}. Check the pack at pickup.`,
    );
    expect((await notices('ar'))[0]!.message).toBe(
      `صاحب الإعلان غيّر 2 × Insulin Mixtard 30 اللي هتستلمهم: النوع بقى حقن (كان أقراص)؛ مبقاش محتاج تبريد؛ بقى بروشتة بس؛ بيانات العلبة اتغيرت. التشغيلة LOT-7، بتنتهي ${expires}. راجع العلبة وانت بتستلم.`,
    );
    // The same categories given again change nothing: no notice.
    expect((await edit({ categories: ['prescription'], description: 'Boxes sealed again' })).status).toBe(
      200,
    );
    await waitUntil(
      async () =>
        (
          await p.requests.service.ctx.pool.query(
            'SELECT description FROM requests.medicines WHERE id = $1',
            [medicine.id],
          )
        ).rows[0]?.description === 'Boxes sealed again',
      { what: 'the edit applied' },
    );
    expect(await notices()).toHaveLength(3);
  });

  it("holds to whom the owner now offers a listing: a pharmacy's pending request ends when it is for NGOs only", async () => {
    const [asker, ngoAsker] = await Promise.all([p.user('pharmacy'), p.user('ngo')]);
    const medicine = await list(pharmacy2.token, 60, { quantity: 6, recipientType: 'both' });
    const fromPharmacy = (await ask(asker.token, { medicineId: medicine.id, quantity: 1 })).body.id as number;
    const fromNgo = (await ask(ngoAsker.token, { medicineId: medicine.id, quantity: 1 })).body.id as number;
    // The owner's choice changes; svc-requests has not heard yet (the catalog's row alone moved):
    // the approval reads the catalog's answer and refuses.
    await p.catalog.service.ctx.pool.query(
      "UPDATE catalog.medicines SET recipient_type = 'ngos' WHERE id = $1",
      [medicine.id],
    );
    const early = await move(
      pharmacy2.token,
      fromPharmacy,
      { status: 'approved' },
      { 'accept-language': 'ar' },
    );
    expect([early.status, early.body.code, early.body.message]).toEqual([
      409,
      'NOT_OFFERED',
      'العرض ده مبقاش متاح للي طلبه: ارفض الطلب بدل كده',
    ]);
    // Saved through the catalog, the change reaches svc-requests, which ends the pharmacy's request.
    expect(
      (
        await p.catalog.api.put(
          `/api/medicines/${medicine.id}`,
          { recipientType: 'ngos' },
          { token: pharmacy2.token },
        )
      ).status,
    ).toBe(200);
    const status = async (id: number) =>
      (await p.requests.service.ctx.pool.query('SELECT status FROM requests.requests WHERE id = $1', [id]))
        .rows[0].status as string;
    await waitUntil(async () => (await status(fromPharmacy)) === 'rejected', {
      what: "the pharmacy's request ended",
    });
    expect(await status(fromNgo)).toBe('pending');
    expect((await move(pharmacy2.token, fromNgo, { status: 'approved' })).status).toBe(200);
  });

  it('a listing taken off offer rejects its pending requests (the requester told), and keeps the approved ones', async () => {
    const [requester, other] = await Promise.all([p.user('ngo'), p.user('ngo')]);
    const medicine = await list(pharmacy.token, 60, { quantity: 5 });
    const pending = (await ask(requester.token, { medicineId: medicine.id, quantity: 2 })).body.id as number;
    const approved = (await ask(other.token, { medicineId: medicine.id, quantity: 1 })).body.id as number;
    expect((await move(pharmacy.token, approved, { status: 'approved' })).status).toBe(200);
    expect(
      (await p.catalog.api.delete(`/api/medicines/${medicine.id}`, { token: pharmacy.token })).status,
    ).toBe(200);
    const status = async (id: number) =>
      (await p.requests.service.ctx.pool.query('SELECT status FROM requests.requests WHERE id = $1', [id]))
        .rows[0].status as string;
    await waitUntil(async () => (await status(pending)) === 'rejected', {
      what: 'the pending request rejected',
    });
    expect(await status(approved)).toBe('approved');
    const notices = await p.requests.api.get<{ requestId: number | null; title: string }[]>(
      '/api/notifications',
      {
        token: requester.token,
      },
    );
    expect(notices.body.find((n) => n.requestId === pending)?.title).toBe('Request rejected');
    // The platform ended it, not the owner: the lists say so (the timelines credit it).
    const mine = await p.requests.api.get<MedicineRequest[]>('/api/requests/my', { token: requester.token });
    expect(mine.body.find((r) => r.id === pending)).toMatchObject({
      status: 'rejected',
      endedByPlatform: true,
    });
  });

  it('a suspension ends the open requests the account is party to, gives back their units and tells the other party', async () => {
    const [requester, owner, waiting, collecting] = await Promise.all([
      p.user('ngo'),
      p.user('pharmacy'),
      p.user('ngo'),
      p.user('ngo'),
    ]);
    const theirs = await list(pharmacy.token, 60, { quantity: 4 });
    const asked = (await ask(requester.token, { medicineId: theirs.id, quantity: 2 })).body.id as number;
    const second = await list(pharmacy.token, 60, { quantity: 5, name: 'Concor 5mg' });
    const agreed = (await ask(requester.token, { medicineId: second.id, quantity: 3 })).body.id as number;
    expect((await move(pharmacy.token, agreed, { status: 'approved' })).status).toBe(200);
    const ownersListing = await list(owner.token, 60, { quantity: 3 });
    const onTheirs = (await ask(waiting.token, { medicineId: ownersListing.id, quantity: 1 })).body
      .id as number;
    const toCollect = (await ask(collecting.token, { medicineId: ownersListing.id, quantity: 2 })).body
      .id as number;
    expect((await move(owner.token, toCollect, { status: 'approved' })).status).toBe(200);
    const stored = async (id: number) =>
      (await p.requests.service.ctx.pool.query('SELECT status FROM requests.requests WHERE id = $1', [id]))
        .rows[0].status as string;
    const noticeOf = async (token: string, requestId: number) => {
      const list = await p.requests.api.get<{ requestId: number | null; title: string; message: string }[]>(
        '/api/notifications',
        { token, headers: { 'accept-language': 'ar' } },
      );
      return list.body.find(
        (n) => n.requestId === requestId && !['طلب جديد', 'تمت الموافقة على طلبك'].includes(n.title),
      );
    };

    // The requester suspended: their requests are withdrawn; the owner is told and may not approve
    // the pending one, and the units promised to the agreed pickup are back on offer.
    await suspend(requester);
    expect([await stored(asked), await stored(agreed)]).toEqual(['cancelled', 'cancelled']);
    expect(await noticeOf(pharmacy.token, asked)).toMatchObject({
      title: 'الطلب اتسحب',
      message: 'طلب Org على Panadol Extra 500mg اتسحب: الحساب ده مبقاش شغال على MedRelay',
    });
    expect((await noticeOf(pharmacy.token, agreed))?.message).toBe(
      'Org مش هيستلم 3 وحدات من Concor 5mg: الاستلام اتلغى عشان حسابه مبقاش شغال على MedRelay. متستناهوش ومتسلّمش الوحدات لحد باسمه؛ الكمية رجعت معروضة تاني.',
    );
    const refused = await move(pharmacy.token, asked, { status: 'approved' });
    expect([refused.status, refused.body.code]).toEqual([409, 'INVALID_TRANSITION']);
    expect(await quantityInCatalog(theirs.id)).toBe(4);
    await waitUntil(async () => (await quantityInCatalog(second.id)) === 5, {
      what: 'the agreed units released',
    });

    // The owner suspended: the pending request on their listing is rejected (no longer offered),
    // and the requester of an agreed pickup told not to go; neither can be collected.
    await suspend(owner);
    expect([await stored(onTheirs), await stored(toCollect)]).toEqual(['rejected', 'cancelled']);
    expect((await noticeOf(waiting.token, onTheirs))?.title).toBe('طلبك اترفض');
    expect((await noticeOf(collecting.token, toCollect))?.title).toBe('الاستلام اتلغى');
    expect((await move(collecting.token, toCollect, { status: 'completed' })).status).toBe(409);
    const custody = await p.requests.api.get<{ actorRole: string }[]>(`/api/requests/${toCollect}/custody`, {
      token: collecting.token,
    });
    expect(custody.body.at(-1)?.actorRole).toBe('system');
    // The admin's activity credits the platform, not a party, with what it ended.
    const activity = await requestActivity(p.requests.service.ctx.pool, 50);
    expect(activity.filter((a) => a.id.startsWith(`request.ended:${toCollect}:`))).toMatchObject([
      { kind: 'request.ended', actor: null },
    ]);
    expect(activity.some((a) => a.id.startsWith(`request.cancelled:${toCollect}:`))).toBe(false);
  });
});
