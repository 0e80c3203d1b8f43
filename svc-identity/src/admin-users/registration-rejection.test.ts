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
