import { mailsTo, uniqueEmail, waitForMails } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing';
import { findCredentialsByEmail } from '../users/repo';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity.stop());

const base = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nile Pharmacy',
  email: uniqueEmail('reg'),
  phone: '01012345678',
  password: 'Kite-Harbour-7315',
  userType: 'pharmacy',
  acceptTerms: true,
  commercialLicense: 'CL-2024-001',
  address: '12 Tahrir St, Cairo',
  ...overrides,
});

/** The account as stored: registration answers only a sentence. */
const stored = async (email: string) =>
  (await findCredentialsByEmail(identity.service.ctx.pool, email))!.user;

function rules(body: { details: { path: string; rule: string }[] }) {
  return Object.fromEntries(body.details.map((d) => [d.path, d.rule]));
}

describe('POST /api/auth/register (spec §5)', () => {
  it('creates a pending pharmacy with its profile and never returns the password', async () => {
    const input = base();
    const res = await identity.api.post('/api/auth/register', input);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Your account has been created and is pending approval.' });
    expect(await stored(input.email)).toMatchObject({
      email: input.email,
      userType: 'pharmacy',
      status: 'pending',
      profile: { address: '12 Tahrir St, Cairo', commercialLicense: 'CL-2024-001' },
    });
    expect(JSON.stringify(res.body)).not.toContain('Kite-Harbour-7315');
    const { rows } = await identity.service.ctx.pool.query(
      'SELECT password_hash FROM identity.users WHERE email = $1',
      [input.email],
    );
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it('creates an NGO and a donor; userType defaults to donor', async () => {
    const ngoInput = base({
      userType: 'ngo',
      organizationName: 'Resala',
      commercialNumber: 'CN-9',
      pharmacistLicense: '48213',
    });
    const ngo = await identity.api.post('/api/auth/register', ngoInput);
    expect(ngo.status).toBe(201);
    expect((await stored(ngoInput.email as string)).profile).toMatchObject({
      organizationName: 'Resala',
      commercialNumber: 'CN-9',
      pharmacistLicense: '48213',
    });
    const { userType: _omit, ...noType } = base();
    const donor = await identity.api.post('/api/auth/register', noType);
    expect(donor.status).toBe(201);
    expect((await stored(noType.email)).userType).toBe('donor');
  });

  it('normalises the e-mail, and the phone (Arabic-Indic digits too) to E.164', async () => {
    const email = uniqueEmail('Case');
    const res = await identity.api.post(
      '/api/auth/register',
      base({ email: `  ${email.toUpperCase()} `, phone: '٠١٠١٢٣٤٥٦٧٨' }),
    );
    expect(res.status).toBe(201);
    expect((await stored(email)).email).toBe(email.toLowerCase());
    expect((await stored(email)).phone).toBe('+201012345678');
    // Other Egyptian forms land on the same number; nonsense is refused in the caller's language.
    for (const phone of ['0101 234 5678', '00201012345678', '+20-101-234-5678']) {
      const again = base({ email: uniqueEmail('phone'), phone });
      await identity.api.post('/api/auth/register', again);
      expect((await stored(again.email as string)).phone, phone).toBe('+201012345678');
    }
    const nonsense = await identity.api.post(
      '/api/auth/register',
      base({ email: uniqueEmail('phone'), phone: '01301234567' }),
      { headers: { 'accept-language': 'ar' } },
    );
    expect(nonsense.status).toBe(400);
    expect(nonsense.body.details).toEqual([expect.objectContaining({ path: 'phone', rule: 'phoneInvalid' })]);
    expect(nonsense.body.message).toContain('اكتب رقم تليفون صحيح');
  });

  it('answers every §5 rule with its message', async () => {
    const res = await identity.api.post('/api/auth/register', {
      name: 'A',
      email: 'not-an-email',
      phone: '0101',
      password: '123',
      userType: 'pharmacy',
      acceptTerms: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(rules(res.body)).toEqual({
      name: 'nameMin',
      email: 'invalidEmail',
      phone: 'phoneMin',
      password: 'passwordMin',
      acceptTerms: 'acceptTerms',
      // The role's required fields are reported with the others, not after they are fixed.
      commercialLicense: 'commercialLicenseRequired',
    });
    const messages = res.body.details.map((d: { message: string }) => d.message);
    expect(messages).toContain('Name must be at least 2 characters');
    expect(messages).toContain('Invalid email address');
    expect(messages).toContain('Phone number must be at least 10 digits');
    expect(messages).toContain('Password must be at least 6 characters');
    expect(messages).toContain('You must accept the terms');
  });

  it('requires the commercial license for pharmacies and organisation fields for NGOs', async () => {
    const pharmacy = await identity.api.post('/api/auth/register', base({ commercialLicense: '  ' }));
    expect(pharmacy.status).toBe(400);
    expect(rules(pharmacy.body)).toEqual({ commercialLicense: 'commercialLicenseRequired' });
    expect(pharmacy.body.message).toBe('Commercial license is required');
    const ngo = await identity.api.post(
      '/api/auth/register',
      base({ userType: 'ngo', commercialLicense: undefined }),
    );
    expect(rules(ngo.body)).toEqual({
      organizationName: 'organizationNameRequired',
      commercialNumber: 'commercialNumberRequired',
      pharmacistLicense: 'pharmacistLicenseRequired',
    });
  });

  it("asks NGOs (only) for their pharmacist's licence number: digits, 4 to 10, shown to admins and in the profile", async () => {
    const ngo = (overrides: Record<string, unknown>) =>
      base({ userType: 'ngo', organizationName: 'Resala', commercialNumber: 'CN-9', ...overrides });
    const missing = await identity.api.post('/api/auth/register', ngo({}), {
      headers: { 'accept-language': 'ar' },
    });
    expect(missing.status).toBe(400);
    expect(rules(missing.body)).toEqual({ pharmacistLicense: 'pharmacistLicenseRequired' });
    expect(missing.body.details[0].message).toBe('رقم ترخيص صيدلي الجمعية مطلوب');
    for (const bad of ['123', '12345678901', 'PH-1234', '12a45']) {
      const res = await identity.api.post('/api/auth/register', ngo({ pharmacistLicense: bad }));
      expect(res.status, bad).toBe(400);
      expect(rules(res.body)).toEqual({ pharmacistLicense: 'pharmacistLicenseInvalid' });
      expect(res.body.details[0].message).toBe('The licence number must be 4 to 10 digits');
    }
    // Spaces and dashes are ignored, Arabic-Indic digits read as digits; stored in Latin digits.
    const input = ngo({ pharmacistLicense: ' ١٢٣-٤٥٦ ' });
    const ok = await identity.api.post('/api/auth/register', input);
    expect(ok.status).toBe(201);
    expect((await stored(input.email as string)).profile?.pharmacistLicense).toBe('123456');
    const admin = await identity.signedIn('admin');
    const pending = await identity.api.get('/api/admin/pending-users?pageSize=100', { token: admin.token });
    const listed = pending.body.find((u: { email: string }) => u.email === input.email);
    expect(listed.profile.pharmacistLicense).toBe('123456');
    // The NGO sees it in its own profile once approved.
    const approved = await identity.signedIn('ngo');
    const me = await identity.api.get('/api/auth/me', { token: approved.token });
    expect(JSON.stringify(me.body)).toContain('"pharmacistLicense":"123456"');
    // A pharmacy needs none (its own licence is the commercial licence).
    const pharmacyInput = base();
    const pharmacy = await identity.api.post('/api/auth/register', pharmacyInput);
    expect(pharmacy.status).toBe(201);
    expect((await stored(pharmacyInput.email)).profile?.pharmacistLicense).toBeUndefined();
  });

  it('answers in Arabic when the caller asks for it', async () => {
    const res = await identity.api.post('/api/auth/register', base({ email: 'bad' }), {
      headers: { 'accept-language': 'ar-EG,ar;q=0.9' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0].message).toBe('الإيميل مش صحيح');
  });

  it('refuses admin and unknown user types', async () => {
    for (const userType of ['admin', 'superuser']) {
      const res = await identity.api.post('/api/auth/register', base({ userType }));
      expect(res.status).toBe(400);
      expect(rules(res.body)).toEqual({ userType: 'userTypeInvalid' });
    }
  });

  it('refuses wrong types, missing fields, too long values and malformed JSON without a 500', async () => {
    const wrongTypes = await identity.api.post(
      '/api/auth/register',
      base({ name: 42, acceptTerms: 'yes', phone: ['0101'] }),
    );
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(rules(wrongTypes.body)).sort()).toEqual(['acceptTerms', 'name', 'phone']);

    const missing = await identity.api.post('/api/auth/register', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(rules(missing.body))).toEqual(
      expect.arrayContaining(['name', 'email', 'phone', 'password', 'acceptTerms']),
    );

    const tooLong = await identity.api.post(
      '/api/auth/register',
      base({ name: 'x'.repeat(121), address: 'y'.repeat(301) }),
    );
    expect(tooLong.status).toBe(400);
    expect(rules(tooLong.body)).toEqual({ name: 'tooLong', address: 'tooLong' });
    expect(tooLong.body.details[0].message).toBe('Must be at most 120 characters');

    const malformed = await identity.api.post('/api/auth/register', undefined, { raw: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({
      code: 'INVALID_JSON',
      message: 'The request could not be read (invalid JSON)',
    });

    const huge = await identity.api.post('/api/auth/register', base({ address: 'z'.repeat(200_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses NUL characters anywhere with a 400 (PostgreSQL cannot store them)', async () => {
    for (const field of ['name', 'address', 'commercialLicense']) {
      const res = await identity.api.post('/api/auth/register', base({ [field]: 'bad\u0000value' }));
      expect(res.status, field).toBe(400);
      expect(res.body.details).toEqual([{ path: field, rule: 'invalidValue', message: 'Invalid value' }]);
    }
  });

  it('says whether the new account is pending or ready, in the caller language', async () => {
    const ar = { headers: { 'accept-language': 'ar' } };
    expect((await identity.api.post('/api/auth/register', base(), ar)).body.message).toBe(
      'تم إنشاء حسابك، وهو دلوقتي مستني الموافقة.',
    );
    expect((await identity.api.post('/api/auth/register', base())).body.message).toBe(
      'Your account has been created and is pending approval.',
    );
    const admin = await identity.createUser('admin');
    await identity.service.ctx.settings.update({ autoApproveUsers: true }, admin.id);
    try {
      const input = base({ userType: 'donor', commercialLicense: undefined });
      const res = await identity.api.post('/api/auth/register', input, ar);
      expect((await stored(input.email)).status).toBe('approved');
      expect(res.body.message).toBe('تم إنشاء حسابك وتفعيله، وتقدر تسجل دخول دلوقتي.');
      // Never a pharmacy: its licence to dispense is what the review checks.
      const pharmacy = base();
      const waits = await identity.api.post('/api/auth/register', pharmacy);
      expect(waits.body.message).toBe('Your account has been created and is pending approval.');
      expect((await stored(pharmacy.email)).status).toBe('pending');
      // An NGO is in, but its pharmacist's licence waits for an administrator: until then it
      // receives no donor's medicine.
      const ngo = base({
        userType: 'ngo',
        organizationName: 'Auto NGO',
        commercialNumber: 'CN-77',
        pharmacistLicense: '48219',
      });
      await identity.api.post('/api/auth/register', ngo);
      const ngoStored = await stored(ngo.email);
      expect(ngoStored.status).toBe('approved');
      expect(ngoStored.profile).toMatchObject({ pharmacistLicense: '48219', pharmacistLicensePending: true });
    } finally {
      await identity.service.ctx.settings.update({ autoApproveUsers: false }, admin.id);
    }
  });

  // A taken e-mail is answered exactly as a new one; its owner is e-mailed instead.
  it('answers a taken e-mail (any letter case) exactly as a new one, keeps the first account and e-mails its owner', async () => {
    const input = base();
    const first = await identity.api.post('/api/auth/register', input);
    const again = await identity.api.post('/api/auth/register', {
      ...input,
      email: input.email.toUpperCase(),
      name: 'Other',
    });
    const fresh = await identity.api.post('/api/auth/register', base());
    for (const res of [again, fresh]) {
      expect(res.status).toBe(first.status);
      expect(res.body).toEqual(first.body);
      expect([...res.headers.keys()].sort()).toEqual([...first.headers.keys()].sort());
    }
    const { rows } = await identity.service.ctx.pool.query(
      'SELECT name FROM identity.users WHERE lower(email) = $1',
      [input.email],
    );
    expect(rows).toEqual([{ name: 'Nile Pharmacy' }]);
    const [told] = await waitForMails(input.email, 1, {
      match: (m) => m.template === 'registration-existing-account',
    });
    expect(told!.text).toContain('already has an account');
    expect(told!.text).toContain('/forgot-password');
    // Another try within the hour does not e-mail the owner again.
    await identity.api.post('/api/auth/register', input);
    await identity.mailSettled();
    expect(
      (await mailsTo(input.email)).filter((m) => m.template === 'registration-existing-account'),
    ).toHaveLength(1);
  });

  it('lets exactly one of many simultaneous registrations with one e-mail create an account, all answered alike', async () => {
    const input = base();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => identity.api.post('/api/auth/register', input)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const { rows } = await identity.service.ctx.pool.query(
      'SELECT count(*)::int AS n FROM identity.users WHERE lower(email) = $1',
      [input.email],
    );
    expect(rows[0].n).toBe(1);
  });

  it('e-mails a "registration received" message in the chosen language, and tells the administrator', async () => {
    const en = base();
    await identity.api.post('/api/auth/register', en);
    const [mail] = await waitForMails(en.email);
    expect(mail!.template).toBe('registration-received');
    expect(mail!.subject).toBe('We received your registration – MedRelay');
    expect(mail!.text).toContain('24 to 48 hours');

    const ar = base({ language: 'ar' });
    await identity.api.post('/api/auth/register', ar);
    const [arMail] = await waitForMails(ar.email);
    expect(arMail!.subject).toBe('استلمنا طلب تسجيلك – MedRelay');
    expect(arMail!.html).toContain('dir="rtl"');

    // Spec §4: the 24 to 48 hour review is stated for non-donor registrations only.
    const donor = base({ userType: 'donor' });
    await identity.api.post('/api/auth/register', donor);
    const [donorMail] = await waitForMails(donor.email);
    expect(donorMail!.text).not.toContain('24 to 48');
    expect(donorMail!.text).toContain('pending approval');

    // The administrator hears of it in the next digest (no longer one e-mail each).
    await expect
      .poll(
        async () =>
          (await mailsTo('admin@medrelay.eg')).some(
            (m) => m.template === 'admin-registration-digest' && m.text.includes(en.email),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
  });

  it('records a user.registered event for each consuming service', async () => {
    const input = base();
    await identity.api.post('/api/auth/register', input);
    // Recorded after the answer, by the registration's follow-up (registrations/follow-up.ts).
    await identity.mailSettled();
    const { rows } = await identity.service.ctx.pool.query(
      "SELECT queue, payload FROM identity.outbox WHERE job_name = 'user.registered' AND payload->'user'->>'id' = $1",
      [String((await stored(input.email)).id)],
    );
    expect(rows.map((r) => r.queue).sort()).toEqual(['events.catalog.users', 'events.requests.users']);
    expect(rows[0].payload.user).toMatchObject({ email: input.email, status: 'pending', version: 1 });
  });
});

describe('registration notices', () => {
  let digesting: TestIdentity;
  let adminEmail: string;
  const interval = 3;
  beforeAll(async () => {
    digesting = await startTestIdentity({
      REGISTRATION_DIGEST_SECONDS: String(interval),
    });
    const admin = await digesting.createUser('admin');
    adminEmail = uniqueEmail('digest-admin');
    await digesting.service.ctx.settings.update({ adminEmail }, admin.id);
  });
  afterAll(() => digesting.stop());

  it('30 registrations: the administrator gets at most one digest per interval, together listing all 30 once', async () => {
    const started = Date.now();
    const emails: string[] = [];
    for (let i = 0; i < 30; i++) {
      const input = base({ email: uniqueEmail(`burst${i}`) });
      emails.push(input.email);
      const res = await digesting.api.post('/api/auth/register', input, {
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      expect(res.status).toBe(201);
    }
    const listed = async () =>
      (await mailsTo(adminEmail)).flatMap((m) => emails.filter((e) => m.text.includes(e)));
    await expect.poll(async () => new Set(await listed()).size, { timeout: 30_000 }).toBe(30);
    const elapsed = (Date.now() - started) / 1000;
    const digests = await mailsTo(adminEmail);
    expect(digests.every((m) => m.template === 'admin-registration-digest')).toBe(true);
    expect(await listed()).toHaveLength(30); // nobody twice
    expect(digests.length).toBeLessThanOrEqual(Math.floor(elapsed / interval) + 1);
    expect(digests.length).toBeLessThan(30);
    // The cap holds between digests, whatever the timing of this run.
    const { rows } = await digesting.service.ctx.pool.query<{ at: Date }>(
      'SELECT DISTINCT digested_at AS at FROM identity.registration_notices WHERE digested_at IS NOT NULL ORDER BY 1',
    );
    expect(rows).toHaveLength(digests.length);
    for (let i = 1; i < rows.length; i++)
      expect(rows[i]!.at.getTime() - rows[i - 1]!.at.getTime()).toBeGreaterThanOrEqual(interval * 1000);
    expect(digests[0]!.text).toMatch(/registered and are waiting for approval/);
  });
});
