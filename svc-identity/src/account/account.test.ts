import { waitForMails } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity.stop());

describe('PUT /api/auth/me (own account)', () => {
  it('changes name, phone, language and the role profile, and records user.updated', async () => {
    // Still pending: the business details are not reviewed yet, so they may change.
    const ngo = await identity.signedIn('ngo', 'pending');
    const res = await identity.api.put(
      '/api/auth/me',
      {
        name: 'Mona Adel',
        phone: '٠١١٢٢٣٣٤٤٥٥',
        language: 'ar',
        address: 'Shubra, Cairo',
        organizationName: 'Al Amal',
      },
      { token: ngo.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Mona Adel',
      phone: '+201122334455',
      language: 'ar',
      profile: { address: 'Shubra, Cairo', organizationName: 'Al Amal', commercialNumber: 'CN-1' },
    });
    const { rows } = await identity.service.ctx.pool.query(
      "SELECT payload FROM identity.outbox WHERE job_name = 'user.updated' AND payload->'user'->>'id' = $1",
      [String(ngo.id)],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0].payload.user).toMatchObject({
      name: 'Mona Adel',
      organizationName: 'Al Amal',
      version: 2,
    });
  });

  it('keeps reviewed business details for the administrator to change (409), accepting them unchanged', async () => {
    const pharmacy = await identity.signedIn('pharmacy');
    const changed = await identity.api.put(
      '/api/auth/me',
      { name: 'Corner Pharmacy', commercialLicense: 'CL-FORGED' },
      { token: pharmacy.token, headers: { 'accept-language': 'ar' } },
    );
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('VERIFIED_DETAILS_LOCKED');
    expect(changed.body.details).toEqual([
      expect.objectContaining({ path: 'commercialLicense', rule: 'verifiedDetailsLocked' }),
    ]);
    expect(changed.body.message).toContain('إدارة المنصة');
    const me = await identity.api.get('/api/auth/me', { token: pharmacy.token });
    expect(me.body).toMatchObject({ name: 'pharmacy user', profile: { commercialLicense: 'CL-1' } });

    // A profile form sends every field back: the same value is not a change.
    const same = await identity.api.put(
      '/api/auth/me',
      { name: 'Corner Pharmacy', commercialLicense: 'CL-1' },
      { token: pharmacy.token },
    );
    expect(same.status).toBe(200);
    expect(same.body.name).toBe('Corner Pharmacy');
  });

  it('lets a reviewed NGO fill in a pharmacist licence it never had, once, for review; a filled one stays locked', async () => {
    // Registered before the licence was asked: approved without one.
    const ngo = await identity.signedIn('ngo');
    await identity.service.ctx.pool.query(
      'UPDATE identity.ngos SET pharmacist_license = NULL WHERE user_id = $1',
      [ngo.id],
    );
    const filled = await identity.api.put(
      '/api/auth/me',
      { pharmacistLicense: '٤٥٦٧٨٩' },
      { token: ngo.token },
    );
    expect(filled.status).toBe(200);
    expect(filled.body.profile.pharmacistLicense).toBe('456789');
    // No administrator has seen it yet: it waits for one (docs/accounts.md).
    expect(filled.body.profile.pharmacistLicensePending).toBe(true);
    // Now it is a verified detail like the others: a change goes through the administrator.
    const changed = await identity.api.put(
      '/api/auth/me',
      { pharmacistLicense: '111111' },
      { token: ngo.token },
    );
    expect(changed.status).toBe(409);
    expect(changed.body.details).toEqual([
      expect.objectContaining({ path: 'pharmacistLicense', rule: 'verifiedDetailsLocked' }),
    ]);
    // Filling an empty one does not open the filled ones.
    const other = await identity.api.put(
      '/api/auth/me',
      { organizationName: 'Other Org' },
      { token: ngo.token },
    );
    expect(other.status).toBe(409);
  });

  it('clears the address when sent empty, and works for a pending account', async () => {
    const donor = await identity.signedIn('donor', 'pending');
    await identity.api.put('/api/auth/me', { address: 'Maadi' }, { token: donor.token });
    const res = await identity.api.put('/api/auth/me', { address: '' }, { token: donor.token });
    expect(res.status).toBe(200);
    expect(res.body.profile.address).toBeNull();
  });

  it('refuses fields of another role, unknown fields, e-mail and status changes, and bad values', async () => {
    const donor = await identity.signedIn('donor');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ commercialLicense: 'X' }, 'unknownField'],
      [{ status: 'approved' }, 'unknownField'],
      [{ email: 'new@example.test' }, 'unknownField'],
      [{ userType: 'admin' }, 'unknownField'],
      [{ name: 'A' }, 'nameMin'],
      [{ phone: '123' }, 'phoneMin'],
      [{ phone: '0100 123 45' }, 'phoneInvalid'],
      [{ language: 'fr' }, 'invalidValue'],
    ];
    for (const [body, rule] of cases) {
      const res = await identity.api.put('/api/auth/me', body, { token: donor.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { rule: string }) => d.rule)).toContain(rule);
    }
    const me = await identity.api.get('/api/auth/me', { token: donor.token });
    expect(me.body).toMatchObject({ userType: 'donor', status: 'approved', name: 'donor user' });
  });

  it('needs a session', async () => {
    expect((await identity.api.put('/api/auth/me', { name: 'Xx' })).status).toBe(401);
  });
});

describe('PUT /api/auth/password', () => {
  it('changes the password, ends other sessions and returns a working token', async () => {
    const user = await identity.createUser('pharmacy');
    const session = await identity.login(user.email);
    const otherDevice = await identity.login(user.email);
    const res = await identity.api.put(
      '/api/auth/password',
      { currentPassword: testPassword, newPassword: 'n3w-secret' },
      { token: session },
    );
    expect(res.status).toBe(200);
    expect((await identity.api.get('/api/auth/me', { token: res.body.token })).status).toBe(200);
    expect((await identity.api.get('/api/auth/me', { token: otherDevice })).status).toBe(401);
    expect(
      (await identity.api.post('/api/auth/login', { email: user.email, password: testPassword })).status,
    ).toBe(401);
    expect(
      (await identity.api.post('/api/auth/login', { email: user.email, password: 'n3w-secret' })).status,
    ).toBe(200);
  });

  it('refuses a wrong current password and a short new one, changing nothing', async () => {
    const user = await identity.signedIn('donor');
    const wrong = await identity.api.put(
      '/api/auth/password',
      { currentPassword: 'not-it', newPassword: 'n3w-secret' },
      { token: user.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0]).toMatchObject({
      path: 'currentPassword',
      message: 'Current password is incorrect',
    });
    const short = await identity.api.put(
      '/api/auth/password',
      { currentPassword: testPassword, newPassword: '123' },
      { token: user.token },
    );
    expect(short.body.details[0].rule).toBe('passwordMin');
    expect((await identity.api.get('/api/auth/me', { token: user.token })).status).toBe(200);
    expect(
      (await identity.api.post('/api/auth/login', { email: user.email, password: testPassword })).status,
    ).toBe(200);
  });

  it("tells the owner by e-mail, in the owner's language, and only of a change that happened", async () => {
    const user = await identity.signedIn('ngo');
    await identity.api.put('/api/auth/me', { language: 'ar' }, { token: user.token });
    const refused = await identity.api.put(
      '/api/auth/password',
      { currentPassword: 'not-it', newPassword: 'n3w-secret' },
      { token: user.token },
    );
    expect(refused.status).toBe(400);
    const changed = await identity.api.put(
      '/api/auth/password',
      { currentPassword: testPassword, newPassword: 'n3w-secret' },
      { token: user.token },
    );
    expect(changed.status).toBe(200);
    const mails = await waitForMails(user.email, 1, { match: (m) => m.template === 'password-changed' });
    expect(mails).toHaveLength(1);
    // Someone holding a stolen session and password is not the only one who knows.
    expect(mails[0]!.text).toContain('من الإعدادات');
    expect(mails[0]!.text).toContain('/forgot-password');
    // A change in settings keeps the passkeys (only a reset removes them): the e-mail does not say otherwise.
    expect(mails[0]!.text).not.toContain('مفاتيح المرور اتشالت');
  });
});

describe('DELETE /api/auth/me (a donor deletes their account)', () => {
  const deleteAccount = (token: string, password: string, language = 'en') =>
    identity.api.delete('/api/auth/me', {
      token,
      raw: JSON.stringify({ password }),
      headers: { 'accept-language': language },
    });

  it('erases the personal data and every way in, ends every session, e-mails the owner and frees the address', async () => {
    const admin = await identity.signedIn('admin');
    const donor = await identity.signedIn('donor');
    const other = await identity.login(donor.email);
    const details = await identity.api.put(
      '/api/auth/me',
      { name: 'Hoda Kamal', phone: '01099887766', language: 'ar', address: '5 Nile St', area: 'nasr-city' },
      { token: donor.token },
    );
    expect(details.status).toBe(200);
    const statsBefore = (await identity.api.get('/api/admin/users/stats', { token: admin.token })).body;

    // A wrong password changes nothing (as every change that asks for it).
    const wrong = await deleteAccount(donor.token, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0]).toMatchObject({ path: 'password', rule: 'currentPasswordWrong' });
    expect((await identity.api.get('/api/auth/me', { token: donor.token })).body.name).toBe('Hoda Kamal');

    // Sent even with e-mail notices off: it is the owner's proof of the erasure.
    const settings = (body: object) => identity.api.put('/api/admin/settings', body, { token: admin.token });
    await settings({ emailNotifications: false });
    let deleted;
    try {
      deleted = await deleteAccount(donor.token, testPassword, 'ar');
    } finally {
      await settings({ emailNotifications: true });
    }
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('حسابك اتمسح. بعتنالك إيميل بالتأكيد.');

    // Every session ended, and no way back in with the old address and password.
    for (const token of [donor.token, other]) {
      expect((await identity.api.get('/api/auth/me', { token })).status).toBe(401);
    }
    const signIn = await identity.api.post('/api/auth/login', { email: donor.email, password: testPassword });
    expect(signIn.status).toBe(401);

    // What is left: the record that the account existed, nothing personal.
    const { rows } = await identity.service.ctx.pool.query(
      `SELECT u.name, u.email, u.phone, u.governorate, u.area, u.pin_lat, u.status, u.password_hash,
              u.deleted_at IS NOT NULL AS deleted, d.address,
              (SELECT count(*)::int FROM identity.sessions s WHERE s.user_id = u.id) AS sessions
         FROM identity.users u LEFT JOIN identity.donors d ON d.user_id = u.id WHERE u.id = $1`,
      [donor.id],
    );
    expect(rows[0]).toEqual({
      name: 'Deleted account',
      email: `deleted-${donor.id}@deleted.invalid`,
      phone: '',
      governorate: null,
      area: null,
      pin_lat: null,
      status: 'rejected',
      password_hash: '!deleted',
      deleted: true,
      address: null,
      sessions: 0,
    });
    const event = await identity.service.ctx.pool.query(
      "SELECT payload FROM identity.outbox WHERE job_name = 'user.deleted' AND payload->'user'->>'id' = $1",
      [String(donor.id)],
    );
    expect(event.rows.map((r) => r.payload.user)).toEqual([
      expect.objectContaining({
        name: 'Deleted account',
        phone: '',
        address: null,
        area: null,
        status: 'rejected',
      }),
      expect.objectContaining({ name: 'Deleted account' }),
    ]);

    // The e-mail reaches the address as it was, in the account's language.
    const [mail] = await waitForMails(donor.email, 1, { match: (m) => m.template === 'account-deleted' });
    expect(mail!.subject).toContain('اتمسح');
    expect(mail!.text).toContain('أهلاً Hoda Kamal');
    expect(mail!.text).toContain('/register');

    // The administrators see it as deleted: apart from the rejected, not counted as a user, not reactivated.
    const listed = await identity.api.get('/api/admin/all-users?status=deleted', { token: admin.token });
    expect(listed.body).toEqual([expect.objectContaining({ id: donor.id, name: 'Deleted account' })]);
    expect(listed.body[0].deletedAt).toEqual(expect.any(String));
    const rejected = await identity.api.get('/api/admin/all-users?status=rejected&pageSize=100', {
      token: admin.token,
    });
    expect(rejected.body.map((u: { id: number }) => u.id)).not.toContain(donor.id);
    const statsAfter = (await identity.api.get('/api/admin/users/stats', { token: admin.token })).body;
    expect(statsAfter.totalUsers).toBe(statsBefore.totalUsers - 1);
    expect(statsAfter.usersByType.donor).toBe(statsBefore.usersByType.donor - 1);
    for (const language of ['en', 'ar']) {
      const reactivate = await identity.api.put(
        `/api/admin/users/${donor.id}/status`,
        { status: 'approved' },
        { token: admin.token, headers: { 'accept-language': language } },
      );
      expect(reactivate.status).toBe(409);
      expect(reactivate.body.code).toBe('ACCOUNT_DELETED');
      expect(reactivate.body.message).toMatch(language === 'en' ? /deleted by its owner/ : /صاحبه مسحه/);
    }

    // The address is free: the person may register again, as a new account.
    const again = await identity.api.post('/api/auth/register', {
      name: 'Hoda Kamal',
      email: donor.email,
      phone: '01099887766',
      password: testPassword,
      acceptTerms: true,
    });
    expect(again.status).toBe(201);
    const fresh = await identity.service.ctx.pool.query('SELECT id FROM identity.users WHERE email = $1', [
      donor.email,
    ]);
    expect(fresh.rows[0].id).not.toBe(donor.id);
  });

  it('reopens nothing when someone registers with the address a deleted account keeps', async () => {
    // Never approved: an account rejected at registration would be reopened by such a registration.
    const pending = await identity.signedIn('donor', 'pending');
    expect((await deleteAccount(pending.token, testPassword)).status).toBe(200);
    const tombstone = await identity.api.post('/api/auth/register', {
      name: 'Someone',
      email: `deleted-${pending.id}@deleted.invalid`,
      phone: '01099887766',
      password: testPassword,
      acceptTerms: true,
    });
    expect(tombstone.status).toBe(201);
    const still = await identity.service.ctx.pool.query(
      'SELECT name, status, deleted_at IS NOT NULL AS deleted FROM identity.users WHERE id = $1',
      [pending.id],
    );
    expect(still.rows[0]).toEqual({ name: 'Deleted account', status: 'rejected', deleted: true });
  });

  it('refuses a pharmacy and an NGO (403, en/ar: they write to the administrator), changing nothing', async () => {
    for (const userType of ['pharmacy', 'ngo'] as const) {
      const user = await identity.signedIn(userType);
      const en = await deleteAccount(user.token, testPassword);
      expect(en.status).toBe(403);
      expect(en.body).toMatchObject({
        code: 'DELETION_NOT_ALLOWED',
        message: expect.stringMatching(/administrator/),
      });
      const ar = await deleteAccount(user.token, testPassword, 'ar');
      expect(ar.body.message).toMatch(/ابعت للأدمن/);
      const me = await identity.api.get('/api/auth/me', { token: user.token });
      expect(me.status).toBe(200);
      expect(me.body.name).toBe(`${userType} user`);
    }
  });
});
