import { uniqueEmail, waitForMails } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendLicenseDigest } from '../registrations/digest';
import { startTestIdentity, type TestIdentity } from '../testing';

// A pharmacist's licence an approved NGO adds after its review waits for an administrator: until
// one accepts it the NGO has no pharmacist (no donor's medicine reaches it).

let identity: TestIdentity;
let admin: { id: number; token: string };
let adminEmail: string;
beforeAll(async () => {
  // The timer never fires here: the test sends each digest itself.
  identity = await startTestIdentity({ REGISTRATION_DIGEST_CHECK_MS: '3600000' });
  admin = await identity.signedIn('admin');
  adminEmail = uniqueEmail('license-admin');
  await identity.service.ctx.settings.update({ adminEmail }, admin.id);
});
afterAll(() => identity.stop());

const pool = () => identity.service.ctx.pool;

/** An NGO approved before the licence was asked (none recorded), signed in. */
async function ngoWithoutLicense(language: 'en' | 'ar' = 'en') {
  const ngo = await identity.signedIn('ngo');
  await pool().query('UPDATE identity.ngos SET pharmacist_license = NULL WHERE user_id = $1', [ngo.id]);
  await pool().query('UPDATE identity.users SET language = $2 WHERE id = $1', [ngo.id, language]);
  return ngo;
}

/** What the latest user event of this user said about its pharmacist. */
async function publishedHasPharmacist(userId: number) {
  const { rows } = await pool().query<{ has: boolean }>(
    `SELECT (payload->'user'->>'hasPharmacist')::boolean AS has FROM identity.outbox
      WHERE job_name LIKE 'user.%' AND payload->'user'->>'id' = $1
      ORDER BY (payload->'user'->>'version')::int DESC, id DESC LIMIT 1`,
    [String(userId)],
  );
  return rows[0]?.has;
}

const addLicense = (token: string, license: string) =>
  identity.api.put('/api/auth/me', { pharmacistLicense: license }, { token });
const waiting = async () =>
  (await identity.api.get('/api/admin/pharmacist-licenses', { token: admin.token })).body as Array<{
    id: number;
    profile: { pharmacistLicense: string; pharmacistLicensePending: boolean };
  }>;

/** The live events raised for a user (published after the commit), by kind. */
async function liveEventsFor(userId: number, kind: string) {
  const { rows } = await pool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM identity.outbox
      WHERE queue = 'live' AND payload->'event'->>'kind' = $2 AND payload->'userIds' @> $1::jsonb`,
    [JSON.stringify([userId]), kind],
  );
  return rows[0]!.n;
}

describe("a pharmacist's licence added after the review", () => {
  it("reaches the administrators' open screens when it arrives, and the NGO's and theirs when decided", async () => {
    const ngo = await ngoWithoutLicense();
    const [adminBefore, ngoBefore] = [
      await liveEventsFor(admin.id, 'users'),
      await liveEventsFor(ngo.id, 'account'),
    ];
    await addLicense(ngo.token, '104472');
    expect(await liveEventsFor(admin.id, 'users')).toBe(adminBefore + 1);
    expect(await liveEventsFor(ngo.id, 'account')).toBe(ngoBefore);
    const accepted = await identity.api.put(
      `/api/admin/users/${ngo.id}/pharmacist-license/accept`,
      undefined,
      { token: admin.token },
    );
    expect(accepted.status).toBe(200);
    expect(await liveEventsFor(ngo.id, 'account')).toBe(ngoBefore + 1);
    expect(await liveEventsFor(admin.id, 'users')).toBe(adminBefore + 2);
    // A registration waiting for review reaches them too.
    const registered = await identity.api.post('/api/auth/register', {
      name: 'Live Donor',
      email: uniqueEmail('live-reg'),
      phone: '01012345678',
      password: 'Kite-Harbour-7315',
      userType: 'donor',
      acceptTerms: true,
    });
    expect(registered.status).toBe(201);
    // Told by the registration's follow-up, after the answer (registrations/follow-up.ts).
    await identity.mailSettled();
    expect(await liveEventsFor(admin.id, 'users')).toBe(adminBefore + 3);
  });

  it('waits for an administrator: the NGO stays approved without a pharmacist, and cannot swap the number meanwhile', async () => {
    const ngo = await ngoWithoutLicense();
    const added = await addLicense(ngo.token, '٠٠٠٠');
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      status: 'approved',
      profile: { pharmacistLicense: '0000', pharmacistLicensePending: true },
    });
    expect(await publishedHasPharmacist(ngo.id)).toBe(false);
    const listed = (await waiting()).find((u) => u.id === ngo.id);
    expect(listed?.profile).toMatchObject({ pharmacistLicense: '0000', pharmacistLicensePending: true });
    // The number waiting is not the owner's to change.
    const swapped = await addLicense(ngo.token, '104471');
    expect([swapped.status, swapped.body.code]).toEqual([409, 'VERIFIED_DETAILS_LOCKED']);
  });

  it('is for administrators only to see and decide (403 for the NGO itself, in its language)', async () => {
    const ngo = await ngoWithoutLicense();
    await addLicense(ngo.token, '556677');
    const list = await identity.api.get('/api/admin/pharmacist-licenses', { token: ngo.token });
    expect(list.status).toBe(403);
    const accept = await identity.api.put(`/api/admin/users/${ngo.id}/pharmacist-license/accept`, undefined, {
      token: ngo.token,
      headers: { 'accept-language': 'ar' },
    });
    expect(accept.status).toBe(403);
    expect(accept.body).toMatchObject({ code: 'FORBIDDEN', message: 'معندكش صلاحية تعمل العملية دي' });
    expect(await publishedHasPharmacist(ngo.id)).toBe(false);
  });

  it('accepted, publishes hasPharmacist true and tells the NGO; a second decision is refused (409, en/ar)', async () => {
    const ngo = await ngoWithoutLicense();
    await addLicense(ngo.token, '104471');
    const accepted = await identity.api.put(
      `/api/admin/users/${ngo.id}/pharmacist-license/accept`,
      undefined,
      { token: admin.token },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.profile).toMatchObject({
      pharmacistLicense: '104471',
      pharmacistLicensePending: false,
    });
    expect(await publishedHasPharmacist(ngo.id)).toBe(true);
    expect((await waiting()).map((u) => u.id)).not.toContain(ngo.id);
    const [mail] = await waitForMails(ngo.email);
    expect(mail!.text).toContain('104471');
    expect(mail!.subject).toContain('accepted');

    for (const [language, text] of [
      ['en', 'no pharmacist'],
      ['ar', 'مفيش عندها رقم ترخيص صيدلي'],
    ] as const) {
      const again = await identity.api.put(
        `/api/admin/users/${ngo.id}/pharmacist-license/reject`,
        { reason: 'notRegistered' },
        { token: admin.token, headers: { 'accept-language': language } },
      );
      expect([again.status, again.body.code]).toEqual([409, 'LICENSE_NOT_WAITING']);
      expect(again.body.message).toContain(text);
    }
  });

  it('refused, clears the number and tells the NGO why in its language; it may add another', async () => {
    const ngo = await ngoWithoutLicense('ar');
    await addLicense(ngo.token, '0000');
    const noReason = await identity.api.put(
      `/api/admin/users/${ngo.id}/pharmacist-license/reject`,
      {},
      { token: admin.token, headers: { 'accept-language': 'ar' } },
    );
    expect([noReason.status, noReason.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(noReason.body.details[0]).toMatchObject({ path: 'reason', message: 'اختار سبب رفض رقم الترخيص' });

    const refused = await identity.api.put(
      `/api/admin/users/${ngo.id}/pharmacist-license/reject`,
      { reason: 'notRegistered' },
      { token: admin.token },
    );
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      status: 'approved',
      profile: { pharmacistLicense: null, pharmacistLicensePending: false },
    });
    expect(await publishedHasPharmacist(ngo.id)).toBe(false);
    const [mail] = await waitForMails(ngo.email);
    expect(mail!.text).toContain('نقابة الصيادلة مفيهاش صيدلي متسجل بالرقم ده');
    expect(mail!.text).toContain('0000');

    // Another number goes to review again.
    const again = await addLicense(ngo.token, '223344');
    expect(again.body.profile).toMatchObject({ pharmacistLicense: '223344', pharmacistLicensePending: true });
    expect(await publishedHasPharmacist(ngo.id)).toBe(false);
  });

  it('is listed for the administrator in a digest of the licences still waiting', async () => {
    await sendLicenseDigest(identity.service.ctx, 0);
    const listedNgo = await ngoWithoutLicense();
    const decided = await ngoWithoutLicense();
    await addLicense(listedNgo.token, '778899');
    await addLicense(decided.token, '665544');
    await identity.api.put(`/api/admin/users/${decided.id}/pharmacist-license/accept`, undefined, {
      token: admin.token,
    });
    expect(await sendLicenseDigest(identity.service.ctx, 0)).toBeGreaterThanOrEqual(1);
    const [mail] = await waitForMails(adminEmail, 1, { match: (m) => m.text.includes(listedNgo.email) });
    expect(mail!.text).toContain('778899');
    expect(mail!.text).not.toContain(decided.email);
    // Nothing new: no second digest.
    expect(await sendLicenseDigest(identity.service.ctx, 0)).toBe(0);
  });

  it('given at registration is reviewed with the account: approved, the NGO has its pharmacist', async () => {
    const email = uniqueEmail('ngo-registers');
    const registered = await identity.api.post('/api/auth/register', {
      name: 'Resala Giza',
      email,
      phone: '01001234567',
      password: 'Kite-Harbour-7315',
      userType: 'ngo',
      acceptTerms: true,
      organizationName: 'Resala',
      commercialNumber: 'CN-77',
      pharmacistLicense: '123456',
    });
    expect(registered.status).toBe(201);
    const { rows } = await pool().query<{ id: number }>(
      'SELECT id FROM identity.users WHERE lower(email) = lower($1)',
      [email],
    );
    const id = rows[0]!.id;
    const approved = await identity.api.put(`/api/admin/users/${id}/approve`, undefined, {
      token: admin.token,
    });
    expect(approved.body.profile).toMatchObject({
      pharmacistLicense: '123456',
      pharmacistLicensePending: false,
    });
    expect(await publishedHasPharmacist(id)).toBe(true);
    expect((await waiting()).map((u) => u.id)).not.toContain(id);
  });
});
