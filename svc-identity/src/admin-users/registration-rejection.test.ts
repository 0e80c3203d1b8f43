import { mailsTo, uniqueEmail, waitForMails } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';
import { findCredentialsByEmail } from '../users/repo';

// A registration an administrator rejects is told why and what to do next, and its owner can
// apply again with corrected details: the account goes back to the administrators' review.

let identity: TestIdentity;
let admin: { id: number; token: string };
const adminEmail = uniqueEmail('rejections-admin');
beforeAll(async () => {
  identity = await startTestIdentity();
  admin = await identity.signedIn('admin');
  await identity.service.ctx.settings.update({ adminEmail }, admin.id);
});
afterAll(() => identity.stop());

const pool = () => identity.service.ctx.pool;

const pharmacy = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nile Pharmacy',
  email: uniqueEmail('applicant'),
  phone: '01012345678',
  password: testPassword,
  userType: 'pharmacy',
  acceptTerms: true,
  commercialLicense: 'CL-TYPO',
  address: '12 Tahrir St, Cairo',
  ...overrides,
});

/** Registers through the API and answers the stored account. */
async function registered(overrides: Record<string, unknown> = {}) {
  const input = pharmacy(overrides);
  const res = await identity.api.post('/api/auth/register', input);
  expect(res.status).toBe(201);
  return { input, user: await stored(input.email) };
}

const stored = async (email: string) => (await findCredentialsByEmail(pool(), email))!.user;

const reject = (id: number, body: unknown, language: 'en' | 'ar' = 'en') =>
  identity.api.put(`/api/admin/users/${id}/reject`, body, {
    token: admin.token,
    headers: { 'accept-language': language },
  });

/** The rejections recorded for an account, oldest first. */
async function rejectionsOf(userId: number) {
  const { rows } = await pool().query<{ reason: string; rejected_by: number; rejected_at: Date }>(
    `SELECT reason, rejected_by, rejected_at FROM identity.registration_rejections
      WHERE user_id = $1 ORDER BY rejected_at, id`,
    [userId],
  );
  return rows;
}

const pendingIds = async () =>
  (
    (await identity.api.get('/api/admin/pending-users?pageSize=100', { token: admin.token })).body as Array<{
      id: number;
      rejectionReason?: string | null;
    }>
  ).map((u) => [u.id, u.rejectionReason ?? null] as const);

describe('rejecting a registration', () => {
  it('takes a reason, stored with the deciding administrator and time; the e-mail says it and what to do next', async () => {
    const { user } = await registered();
    const before = Date.now();
    const res = await reject(user.id, { reason: 'detailsUnverifiable' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', rejectionReason: 'detailsUnverifiable' });
    const [rejection] = await rejectionsOf(user.id);
    expect(rejection).toMatchObject({ reason: 'detailsUnverifiable', rejected_by: admin.id });
    expect(rejection!.rejected_at.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const [mail] = await waitForMails(user.email, 1, { match: (m) => m.template === 'account-rejected' });
    expect(mail!.text).toContain('We could not verify the commercial licence or registration details');
    // What to do next: apply again with this address (it replaces this application), or write.
    expect(mail!.text).toContain('/register');
    expect(mail!.text).toContain('register again with this e-mail address');
    expect(mail!.text).toContain(adminEmail);
  });

  it('tells an Arabic reader the reason in Egyptian Arabic', async () => {
    const { user } = await registered({ language: 'ar' });
    expect((await reject(user.id, { reason: 'notEligible' })).status).toBe(200);
    const [mail] = await waitForMails(user.email, 1, { match: (m) => m.template === 'account-rejected' });
    expect(mail!.subject).toBe('بخصوص طلب تسجيلك في MedRelay');
    expect(mail!.text).toContain(
      'MedRelay معمولة للصيدليات والجمعيات الأهلية اللي معاها صيدلي والمتبرعين الأفراد في مصر',
    );
    expect(mail!.text).toContain('سجّل تاني بنفس الإيميل ده');
    expect(mail!.text).toContain(adminEmail);
    expect(mail!.html).toContain('dir="rtl"');
  });

  it('refuses a missing or unknown reason with 400 in the caller language, changing nothing', async () => {
    const { user } = await registered();
    for (const [body, language, message] of [
      [{}, 'en', 'Choose why the registration is rejected'],
      [{}, 'ar', 'اختار سبب رفض التسجيل'],
      [{ reason: 'badVibes' }, 'en', 'Choose why the registration is rejected'],
      [{ reason: null }, 'ar', 'اختار سبب رفض التسجيل'],
    ] as const) {
      const res = await reject(user.id, body, language);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.details[0]).toMatchObject({ path: 'reason', message });
    }
    // No body at all is not JSON: refused as on every JSON route.
    expect((await reject(user.id, undefined)).status).toBe(415);
    expect((await stored(user.email)).status).toBe('pending');
    expect(await rejectionsOf(user.id)).toEqual([]);
    await identity.mailSettled();
    expect((await mailsTo(user.email)).map((m) => m.template)).toEqual(['registration-received']);
  });

  it('is not done by a bare status change: a registration is rejected with its reason (409, en/ar)', async () => {
    const { user } = await registered();
    for (const [language, message] of [
      ['en', 'A registration is rejected with Reject, which tells the applicant why'],
      ['ar', 'التسجيل بيترفض من زرار رفض، وهو اللي بيقول لصاحبه السبب'],
    ] as const) {
      const res = await identity.api.put(
        `/api/admin/users/${user.id}/status`,
        { status: 'rejected' },
        { token: admin.token, headers: { 'accept-language': language } },
      );
      expect([res.status, res.body.code]).toEqual([409, 'INVALID_TRANSITION']);
      expect(res.body.message).toBe(message);
    }
    expect((await stored(user.email)).status).toBe('pending');
  });
});

describe('applying again after a rejection at registration', () => {
  it('replaces the application with the new details and puts it back to review, answered as any registration', async () => {
    const { input, user } = await registered({ name: 'First Try' });
    expect((await reject(user.id, { reason: 'detailsUnverifiable' })).status).toBe(200);
    await waitForMails(user.email, 1, { match: (m) => m.template === 'account-rejected' });
    // Whatever the rejected applicant had set up goes with the old application.
    await pool().query(
      `INSERT INTO identity.passkeys (id, user_id, public_key, name) VALUES ($1, $2, '\\x00', 'Old phone')`,
      [`pk-${user.id}`, user.id],
    );
    await pool().query('INSERT INTO identity.known_devices (user_id, device_key) VALUES ($1, $2)', [
      user.id,
      `device-${user.id}`,
    ]);

    const fresh = await identity.api.post('/api/auth/register', pharmacy());
    const again = await identity.api.post(
      '/api/auth/register',
      {
        name: 'Resala Dokki',
        email: input.email.toUpperCase(),
        phone: '01123456789',
        password: 'Lotus-Harbour-8426',
        userType: 'ngo',
        acceptTerms: true,
        organizationName: 'Resala Dokki',
        commercialNumber: 'CN-4410',
        pharmacistLicense: '48213',
        address: '5 Mesaha Sq, Dokki',
        language: 'ar',
      },
      { headers: { 'accept-language': 'en' } },
    );
    // The same answer as a new registration: nothing tells that the address had an account.
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);
    expect([...again.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());

    const now = await stored(input.email);
    expect(now).toMatchObject({
      id: user.id,
      name: 'Resala Dokki',
      phone: '+201123456789',
      userType: 'ngo',
      status: 'pending',
      language: 'ar',
      emailVerified: false,
      rejectionReason: 'detailsUnverifiable',
      profile: {
        address: '5 Mesaha Sq, Dokki',
        organizationName: 'Resala Dokki',
        commercialNumber: 'CN-4410',
        pharmacistLicense: '48213',
        pharmacistLicensePending: false,
      },
    });
    expect(now.profile).not.toHaveProperty('commercialLicense');
    const { rows: leftovers } = await pool().query<{ n: number }>(
      `SELECT (SELECT count(*) FROM identity.passkeys WHERE user_id = $1)
            + (SELECT count(*) FROM identity.known_devices WHERE user_id = $1)
            + (SELECT count(*) FROM identity.pharmacies WHERE user_id = $1) AS n`,
      [user.id],
    );
    expect(Number(leftovers[0]!.n)).toBe(0);

    // The administrators see it again, with the earlier reason on its row.
    expect(await pendingIds()).toContainEqual([user.id, 'detailsUnverifiable']);
    // The new password signs in (to a pending account); the old one no longer does.
    const signIn = await identity.api.post('/api/auth/login', {
      email: input.email,
      password: 'Lotus-Harbour-8426',
    });
    expect([signIn.status, signIn.body.user?.status]).toEqual([200, 'pending']);
    const old = await identity.api.post('/api/auth/login', { email: input.email, password: testPassword });
    expect(old.status).toBe(401);
    const me = await identity.api.get('/api/auth/me', { token: signIn.body.token });
    expect(me.status).toBe(200);

    // The applicant hears as a new one does, in the new application's language, with a link that
    // proves the address again; not "this address already has an account".
    const received = await waitForMails(input.email, 2, {
      match: (m) => m.template === 'registration-received',
    });
    const inArabic = received.find((m) => m.subject === 'استلمنا طلب تسجيلك – MedRelay');
    expect(inArabic!.text).toContain('/verify-email');
    await identity.mailSettled();
    expect((await mailsTo(input.email)).map((m) => m.template)).not.toContain(
      'registration-existing-account',
    );
    // The other services' read models learn the new details.
    const { rows: events } = await pool().query(
      `SELECT payload FROM identity.outbox WHERE job_name = 'user.registered'
        AND payload->'user'->>'id' = $1 ORDER BY created_at DESC LIMIT 1`,
      [String(user.id)],
    );
    expect(events[0].payload.user).toMatchObject({
      userType: 'ngo',
      status: 'pending',
      name: 'Resala Dokki',
      version: now.version,
    });

    // Reviewed again, it can be rejected again (for another reason) or approved.
    expect((await reject(user.id, { reason: 'duplicate' })).status).toBe(200);
    expect((await rejectionsOf(user.id)).map((r) => r.reason)).toEqual(['detailsUnverifiable', 'duplicate']);
    expect((await stored(input.email)).rejectionReason).toBe('duplicate');
  });

  it('takes one application of many sent at once; the others are answered alike and tell the owner', async () => {
    const { input, user } = await registered();
    expect((await reject(user.id, { reason: 'other' })).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        identity.api.post('/api/auth/register', { ...input, name: `Attempt ${i}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill(201));
    const now = await stored(input.email);
    expect(now.status).toBe('pending');
    expect(now.name).toMatch(/^Attempt \d$/);
    const { rows } = await pool().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM identity.users WHERE lower(email) = lower($1)',
      [input.email],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('does not reopen an account suspended after its approval: unchanged, and its owner is told as before', async () => {
    const member = await identity.createUser('pharmacy', 'approved', 'suspended-member');
    const suspend = await identity.api.put(
      `/api/admin/users/${member.id}/status`,
      { status: 'rejected' },
      { token: admin.token },
    );
    expect(suspend.status).toBe(200);
    const before = await stored(member.email);
    const fresh = await identity.api.post('/api/auth/register', pharmacy());
    const again = await identity.api.post(
      '/api/auth/register',
      pharmacy({ email: member.email, name: 'Someone Else', password: 'Lotus-Harbour-8426' }),
    );
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);
    const after = await stored(member.email);
    expect(after).toEqual(before);
    expect(after.rejectionReason ?? null).toBeNull();
    const [told] = await waitForMails(member.email, 1, {
      match: (m) => m.template === 'registration-existing-account',
    });
    expect(told!.text).toContain('already has an account');
    expect((await pendingIds()).map(([id]) => id)).not.toContain(member.id);
    expect(
      (
        await identity.api.post('/api/auth/login', {
          email: member.email,
          password: 'Lotus-Harbour-8426',
        })
      ).status,
    ).toBe(401);
  });
});
