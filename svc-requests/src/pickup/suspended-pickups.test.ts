import { isPushed } from '@medrelay/domain';
import { testPassword } from '@medrelay/svc-identity/testing';
import { waitForMails, waitUntil, type ReceivedMail } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../testing';
import {
  admin,
  approvedWith,
  day,
  list,
  ngoAr,
  notificationsOf,
  p,
  pharmacy,
  pickupApi,
  usePickupPlatform,
} from './pickup-fixture';

// An agreed pickup ended by a suspension: the other party must not travel to it, so it is told as
// loudly as when a party calls the pickup off (a pushed notice, the called-off e-mail and its
// calendar cancellation), and told that the platform ended it.
usePickupPlatform();

/** Suspends a user as an administrator does, once svc-requests' read model knows it. */
async function suspend(user: { id: number }) {
  const answer = await p.identity.api.put(
    `/api/admin/users/${user.id}/status`,
    { status: 'rejected' },
    { token: admin.token },
  );
  expect(answer.status).toBe(200);
  await waitUntil(
    async () =>
      (await p.requests.service.ctx.pool.query('SELECT status FROM requests.users WHERE id = $1', [user.id]))
        .rows[0]?.status === 'rejected',
    { what: 'the suspension in the read model' },
  );
}

/** A request approved with one window, which the requester chose. */
async function agreed(requester: TestUser, owner: TestUser) {
  const { id } = await approvedWith(requester, [{ date: day(2), from: '10:00', to: '12:00' }], 2, owner);
  const windowId = (await pickupApi.plan(requester.token, id)).body.windows[0].id as number;
  expect((await pickupApi.choose(requester.token, id, windowId)).status).toBe(200);
  return id;
}

/** The other party as the e-mails name it (its organisation, else its name). */
const nameOf = async (id: number) =>
  (
    await p.requests.service.ctx.pool.query(
      "SELECT coalesce(nullif(organization_name, ''), name) AS name FROM requests.users WHERE id = $1",
      [id],
    )
  ).rows[0].name as string;
/** Text matched as written. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const calledOff = (id: number) => (m: ReceivedMail) =>
  m.template === 'pickup-called-off' && Boolean(m.calendar?.content.includes(`UID:pickup-${id}@`));
/** The e-mail cancels the request's calendar event (iTIP CANCEL). */
const cancelsThePickup = (mail: ReceivedMail) => {
  expect(mail.calendar!.method).toBe('CANCEL');
  expect(mail.calendar!.content.match(/STATUS:\S+/g)).toEqual(['STATUS:CANCELLED']);
};
/** The reader's notices of one request, rendered in a language. */
const noticesOf = async (user: TestUser, requestId: number, language: 'en' | 'ar') =>
  (
    (
      await p.requests.api.get('/api/notifications', {
        token: user.token,
        headers: { 'accept-language': language },
      })
    ).body as Array<{ requestId: number | null; type: string; title: string; message: string }>
  ).filter((n) => n.requestId === requestId);

describe('a pickup ended by a suspension', () => {
  it('tells the requester of a suspended owner not to go: pushed notice saying why and what to do, e-mail with the calendar cancellation (ar)', async () => {
    const owner = await p.user('pharmacy');
    const id = await agreed(ngoAr, owner);
    await suspend(owner);

    const [notice] = await notificationsOf(ngoAr.id, id, 'pickup-update').then((rows) =>
      rows.filter((n) => n.source_key === `request:${id}:suspended`),
    );
    expect(notice, 'a pickup-update notice').toBeDefined();
    expect(isPushed(notice.type, false)).toBe(true);
    const shown = (await noticesOf(ngoAr, id, 'ar')).filter((n) => n.type === 'pickup-update');
    // Why (the owner's account is no longer active, as the e-mail says) and what to do, not
    // MedRelay as the one who called it off.
    expect(shown.map((n) => [n.title, n.message])).toContainEqual([
      'الاستلام اتلغى',
      expect.stringMatching(
        /^استلام وحدتين من .+ مع .+ اتلغى عشان حسابه مبقاش شغال على MedRelay: متروحش تستلم\. لو لسه محتاج الدوا ده، اطلبه من إعلان تاني\.$/,
      ),
    ]);

    const [mail] = await waitForMails(ngoAr.email, 1, { match: calledOff(id) });
    expect(mail!.subject).toContain('اتلغى');
    // Why (the owner's account is no longer active, nothing more) and what to do, not MedRelay as
    // the one who called it off.
    expect(mail!.text).toMatch(
      new RegExp(
        `استلام وحدتين من .+ اتلغى عشان حساب ${literally(await nameOf(owner.id))} مبقاش شغال على MedRelay: متروحش تستلم\\.`,
      ),
    );
    expect(mail!.text).toContain('لو لسه محتاج الدوا ده، اطلبه من إعلان تاني على MedRelay.');
    expect(mail!.text).not.toMatch(/MedRelay لغى|اتوقف|suspend/);
    cancelsThePickup(mail!);
    // The suspended owner reads that its own account is why: no one comes.
    const [own] = await waitForMails(owner.email, 1, { match: calledOff(id) });
    expect(own!.text).toMatch(
      /The pickup of 2 units of .+ with .+ is called off because your account is no longer active on MedRelay\.\s+No one will come to collect it\./,
    );
    expect(own!.text).not.toContain('back on offer');
    cancelsThePickup(own!);
  });

  it('tells the owner of a suspended requester not to wait: pushed notice, e-mail with the calendar cancellation (en)', async () => {
    const requester = await p.user('ngo');
    const id = await agreed(requester, pharmacy);
    await suspend(requester);

    const notices = (await notificationsOf(pharmacy.id, id, 'pickup-update')).filter(
      (n) => n.source_key === `request:${id}:suspended`,
    );
    expect(notices).toHaveLength(1);
    expect(isPushed(notices[0].type, false)).toBe(true);
    const shown = (await noticesOf(pharmacy, id, 'en')).filter((n) => n.type === 'pickup-update');
    expect(shown.map((n) => [n.title, n.message])).toContainEqual([
      'Pickup called off',
      expect.stringMatching(
        /^.+ will not collect 2 units of .+: the pickup is called off because their account is no longer active on MedRelay\. Do not wait for them or hand the units over to anyone in their name; they are back on offer\.$/,
      ),
    ]);

    const [mail] = await waitForMails(pharmacy.email, 1, { match: calledOff(id) });
    expect(mail!.subject).toContain('Pickup called off');
    expect(mail!.text).toMatch(
      new RegExp(
        `^${literally(await nameOf(requester.id))} will not collect 2 units of .+: the pickup is called off because their account is no longer active on MedRelay, so do not wait for them or hand the units over to anyone in their name\\.$`,
        'm',
      ),
    );
    expect(mail!.text).toContain('The units are back on offer in your listing.');
    expect(mail!.text).not.toMatch(/suspend/i);
    cancelsThePickup(mail!);
    // The suspended requester reads that its own account is why, and not to go.
    const [own] = await waitForMails(requester.email, 1, { match: calledOff(id) });
    expect(own!.text).toMatch(
      /The pickup of 2 units of .+ with .+ is called off because your account is no longer active on MedRelay\.\s+Do not go to collect it\./,
    );
    cancelsThePickup(own!);
  });

  it('ends a pending request with an in-app notice only, which says why', async () => {
    const requester = await p.user('ngo');
    const medicine = await list(pharmacy.token, { quantity: 3, recipientType: 'ngos' });
    const asked = await p.requests.api.post(
      '/api/requests',
      { medicineId: medicine.id, quantity: 1 },
      { token: requester.token },
    );
    const id = asked.body.id as number;
    await suspend(requester);
    const notices = (await noticesOf(pharmacy, id, 'en')).filter((n) => n.title === 'Request withdrawn');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.type).toBe('request-cancelled');
    expect(notices[0]!.message).toBe(
      `Org's request for ${medicine.name} was withdrawn: the account is no longer active on MedRelay`,
    );
  });
});

describe("a pickup ended by the deletion of a donor's account", () => {
  it('tells the NGO not to go (pushed notice, called-off e-mail) and keeps the name of the deleted donor nowhere', async () => {
    const leaving = await p.user('donor');
    const id = await agreed(ngoAr, leaving);
    const pool = p.requests.service.ctx.pool;
    const named = async () =>
      (
        await pool.query(
          `SELECT (SELECT count(*)::int FROM requests.notifications WHERE params::text LIKE '%donor user%')
                  + (SELECT count(*)::int FROM requests.custody_log WHERE actor_name = 'donor user') AS n`,
        )
      ).rows[0].n as number;
    // The approval's notice and the custody log named the donor.
    expect(await named()).toBeGreaterThan(0);

    const deleted = await p.identity.api.delete('/api/auth/me', {
      token: leaving.token,
      raw: JSON.stringify({ password: testPassword }),
    });
    expect(deleted.status).toBe(200);
    await waitUntil(
      async () =>
        (await pool.query('SELECT name FROM requests.users WHERE id = $1', [leaving.id])).rows[0].name ===
        'Deleted account',
      { what: 'the deletion in the read model' },
    );
    expect(
      (
        await pool.query('SELECT email, phone, address, area, lat FROM requests.users WHERE id = $1', [
          leaving.id,
        ])
      ).rows[0],
    ).toEqual({
      email: `deleted-${leaving.id}@deleted.invalid`,
      phone: '',
      address: null,
      area: null,
      lat: null,
    });
    expect(
      (await pool.query('SELECT status FROM requests.requests WHERE id = $1', [id])).rows[0].status,
    ).toBe('cancelled');

    // Ended as a suspension ends it: the NGO is told at once and by e-mail, the deleted account named as such.
    const shown = (await noticesOf(ngoAr, id, 'ar')).filter((n) => n.type === 'pickup-update');
    expect(shown.map((n) => n.message)).toContainEqual(
      expect.stringMatching(/^استلام وحدتين من .+ مع مستخدم محذوف اتلغى عشان حسابه مبقاش شغال على MedRelay/),
    );
    const [mail] = await waitForMails(ngoAr.email, 1, { match: calledOff(id) });
    expect(mail!.text).toContain('عشان حساب مستخدم محذوف مبقاش شغال');
    expect(mail!.text).not.toContain('Deleted account');
    cancelsThePickup(mail!);
    // Nothing for the deleted donor: no notices kept, no e-mail to the address it no longer has.
    const kept = await pool.query(
      `SELECT (SELECT count(*)::int FROM requests.notifications WHERE user_id = $1) AS notices,
              (SELECT count(*)::int FROM requests.outbox WHERE payload->>'to' LIKE 'deleted-%') AS mails`,
      [leaving.id],
    );
    expect(kept.rows[0]).toEqual({ notices: 0, mails: 0 });
    // The hand-over's custody entries stay, under the account's id, without its name.
    expect(await named()).toBe(0);
    const custody = await pool.query(
      'SELECT DISTINCT actor_name FROM requests.custody_log WHERE actor_id = $1',
      [leaving.id],
    );
    expect(custody.rows).toEqual([{ actor_name: 'Deleted account' }]);
  });
});
