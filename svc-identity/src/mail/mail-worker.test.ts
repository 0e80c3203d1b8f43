import {
  languages,
  mailJobSchema,
  mailQueueName,
  mailTemplates,
  openedMailSchema,
  type Language,
  type MailTemplate,
} from '@medrelay/contracts';
import { mailSecrets } from '@medrelay/service-kit';
import { deletedAccountEmail } from '@medrelay/domain/user-status';
import { mailsTo, testStores, uniqueEmail, waitForMails, waitUntil } from '@medrelay/testing';
import { Job } from 'bullmq';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing';
import { renderMail } from './templates';
import { messageIdOf } from './worker';

describe('mail worker against a flaky SMTP server', () => {
  let identity: TestIdentity;
  beforeAll(async () => {
    // The run's flaky sink refuses the first two messages with a transient error.
    identity = await startTestIdentity({ SMTP_URL: testStores().flakySmtpUrl });
  });
  afterAll(async () => {
    await identity.stop();
  });

  it('retries with backoff until delivered, and delivers once', async () => {
    const email = uniqueEmail('flaky');
    const res = await identity.api.post('/api/auth/register', {
      name: 'Flaky Donor',
      email,
      phone: '01012345678',
      password: 'Kite-Harbour-7315',
      acceptTerms: true,
    });
    expect(res.status).toBe(201);
    // Two mails are queued (to the user and the admin): both first attempts fail, the retries after 2 s succeed.
    const mails = await waitForMails(email, 1, { directory: testStores().flakyMailDir, timeoutMs: 20_000 });
    expect(mails).toHaveLength(1);
    const { rows } = await identity.service.ctx.pool.query(
      'SELECT template FROM identity.sent_mail WHERE recipient = $1',
      [email],
    );
    expect(rows).toEqual([{ template: 'registration-received' }]);
  });
});

describe('secrets in mail jobs', () => {
  let identity: TestIdentity;
  beforeAll(async () => {
    identity = await startTestIdentity();
  });
  afterAll(() => identity.stop());

  it('travel sealed through the queue and reach the e-mail in clear', async () => {
    const to = uniqueEmail('sealed');
    const job = mailJobSchema.parse({
      idempotencyKey: `sealed-test:${to}`,
      template: 'pickup-reminder',
      to,
      language: 'ar',
      data: {
        systemName: 'MedRelay',
        kind: 'hour',
        name: 'Nour',
        medicineName: 'Panadol',
        quantity: '2',
        when: 'الثلاثاء 10:00 – 12:00',
        location: 'Dokki',
        mapUrl: '',
        otherName: 'Nile Pharmacy',
        otherPhone: '',
        whatsappUrl: '',
        requestsUrl: 'http://x/ngo/requests',
      },
      sealed: mailSecrets(testStores().sealingKeys).seal(to, { handoverCode: '482913' }),
    });
    const queued = await identity.service.queues.get(mailQueueName)!.add(job.template, job);
    // What the queue (and the admin's queue board) holds has no digits of the code.
    expect(JSON.stringify(queued.data)).not.toContain('482913');
    const [mail] = await waitForMails(to);
    expect(mail!.text).toContain('كود التسليم بتاعك: 482913');
  });

  it('carry the agreed pickup as a calendar invitation (iTIP REQUEST) that later e-mails move and cancel', async () => {
    const to = uniqueEmail('calendar');
    const uid = `pickup-${Date.now()}@medrelay.eg`;
    const event = (start: string, end: string, status: 'confirmed' | 'cancelled', sequence: number) => ({
      uid,
      start,
      end,
      summary: 'Pickup: 3 × Panadol',
      location: 'Dokki',
      description: 'With Nile Pharmacy',
      status,
      sequence,
      url: 'http://x/ngo/requests',
    });
    const pickup = {
      systemName: 'MedRelay',
      name: 'Mona',
      medicineName: 'Panadol',
      quantity: '3',
      location: 'Dokki',
      mapUrl: '',
      otherName: 'Nile Pharmacy',
      otherPhone: '',
      requestsUrl: 'http://x/ngo/requests',
    };
    const queue = identity.service.queues.get(mailQueueName)!;
    const domain = /@([^>\s]+)/.exec(identity.config.MAIL_FROM)![1]!;
    /** Queues one e-mail with its calendar event and returns it as the sink received it. */
    const send = async (key: string, job: object, calendar: ReturnType<typeof event>) => {
      const idempotencyKey = `${key}:${to}`;
      await queue.add(
        'pickup',
        mailJobSchema.parse({ idempotencyKey, to, language: 'en', ...job, calendar: [calendar] }),
      );
      const [mail] = await waitForMails(to, 1, {
        match: (m) => m.messageId === messageIdOf(idempotencyKey, domain),
      });
      return { mail: mail!, raw: await readFile(mail!.file, 'utf8') };
    };
    const agreed = await send(
      'agreed',
      { template: 'pickup-confirmed', data: { ...pickup, when: 'Tue 10:00–12:00' } },
      event('2030-01-01T08:00:00.000Z', '2030-01-01T10:00:00.000Z', 'confirmed', 3),
    );
    const moved = await send(
      'moved',
      { template: 'pickup-confirmed', data: { ...pickup, when: 'Thu 14:00–16:00' } },
      event('2030-01-03T12:00:00.000Z', '2030-01-03T14:00:00.000Z', 'confirmed', 5),
    );
    const calledOff = await send(
      'called-off',
      {
        template: 'pickup-called-off',
        data: {
          ...pickup,
          readerRole: 'requester',
          byReader: 'no',
          when: 'Thu 14:00–16:00',
          calendar: 'yes',
        },
      },
      event('2030-01-03T12:00:00.000Z', '2030-01-03T14:00:00.000Z', 'cancelled', 7),
    );
    const organizer = /<([^>]+)>/.exec(identity.config.MAIL_FROM)?.[1] ?? identity.config.MAIL_FROM;
    const sent = [agreed, moved, calledOff].map(({ mail, raw }) => {
      // The calendar is an alternative of the text, with the method in its Content-Type (RFC 6047
      // §2.4), which Gmail and Outlook read as an invitation; the same file is attached as well.
      expect(raw).toMatch(
        /multipart\/alternative[\s\S]*Content-Type: text\/calendar; charset=utf-8; method=(REQUEST|CANCEL)/,
      );
      expect(mail.attachments.map((a) => [a.filename, a.contentType])).toContainEqual([
        'pickup.ics',
        'application/ics',
      ]);
      const ics = mail.calendar!.content.replace(/\r?\n[ \t]/g, '');
      const field = (name: string) => new RegExp(`^${name}[;:](.*)$`, 'm').exec(ics)?.[1];
      expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
      expect(field('METHOD')).toBe(mail.calendar!.method);
      expect(field('ORGANIZER')).toMatch(new RegExp(`mailto:${organizer}$`, 'i'));
      // The recipient is the one attendee, asked for no answer (the time is agreed in the app).
      const attendee = field('ATTENDEE')!;
      expect(attendee).toMatch(new RegExp(`mailto:${to}$`, 'i'));
      expect(attendee).toContain('RSVP=FALSE');
      expect(attendee).toContain('CN="Mona"');
      return {
        method: mail.calendar!.method,
        uid: field('UID'),
        sequence: Number(field('SEQUENCE')),
        status: field('STATUS'),
        start: field('DTSTART'),
      };
    });
    expect(sent).toEqual([
      { method: 'REQUEST', uid, sequence: 3, status: 'CONFIRMED', start: '20300101T080000Z' },
      { method: 'REQUEST', uid, sequence: 5, status: 'CONFIRMED', start: '20300103T120000Z' },
      { method: 'CANCEL', uid, sequence: 7, status: 'CANCELLED', start: '20300103T120000Z' },
    ]);
  });

  it("are not sent to a deleted account's address (under .invalid), which anyone may type into a form", async () => {
    const to = deletedAccountEmail(987_654);
    const job = mailJobSchema.parse({
      idempotencyKey: `deleted-address-test:${to}`,
      template: 'registration-existing-account',
      to,
      language: 'en',
      data: {
        systemName: 'MedRelay',
        adminEmail: 'admin@medrelay.eg',
        name: 'Gone',
        loginUrl: 'http://x/login',
        resetUrl: 'http://x/forgot-password',
      },
    });
    const queue = identity.service.queues.get(mailQueueName)!;
    const queued = await queue.add(job.template, job);
    await waitUntil(async () => (await queued.getState()) === 'completed', { what: 'the job done' });
    expect((await Job.fromId(queue, queued.id!))!.returnvalue).toBe('undeliverable');
    expect(await mailsTo(to)).toEqual([]);
  });
});

describe('mail templates', () => {
  const data = {
    name: 'Mona',
    userType: 'ngo',
    systemName: 'MedRelay',
    adminEmail: 'admin@medrelay.eg',
    loginUrl: 'http://x/login',
    email: 'm@x',
    reviewUrl: 'http://x/admin/users',
    medicineName: 'Panadol 500mg',
    quantity: '3',
    providerName: 'Nile Pharmacy',
    pickupLocation: 'Dokki',
    windows: '• Tuesday 10:00 – 12:00',
    address: '15 Mesaha Square',
    contactEmail: 'nile@example.test',
    requestsUrl: 'http://x/ngo/requests',
    count: '2',
    items: JSON.stringify([{ name: 'Panadol', quantity: 3, expiryDate: '2030-01-01', daysLeft: 7 }]),
    listingsUrl: 'http://x/pharmacy/medicines',
    failures: '50',
    minutes: '60',
    windowMinutes: '60',
    // The recall notices.
    instruction: 'pharmacy',
    reminder: 'no',
    role: 'owner',
    medicines: 'Panadol',
    batch: 'LOT-7',
    reason: 'Sterility failure',
    url: 'http://x/pharmacy/medicines',
    // The pickup reminder.
    kind: 'evening',
    when: 'Tuesday, 1 January 2030 10:00 – 12:00',
    location: 'Dokki',
    mapUrl: 'https://www.openstreetmap.org/?mlat=30.04&mlon=31.21#map=17/30.04/31.21',
    otherName: 'Nile Pharmacy',
    otherPhone: '+201000000000',
    whatsappUrl: 'https://wa.me/201000000000',
    handoverCode: '123456',
    // Accounts you can trust: links arrive opened from the job's sealed values.
    resetUrl: 'http://x/reset-password#token=abc',
    unlockUrl: 'http://x/unlock#token=abc',
    verifyUrl: 'http://x/verify-email#token=abc',
    hours: '72',
    newEmail: 'new@x',
    change: 'yes',
    device: 'Chrome on Android',
    turned: 'on',
    // A deleted account's e-mail: the address may register again.
    registerUrl: 'http://x/register',
  };
  /** The registration digest lists accounts, not medicines. */
  const dataFor = (template: string) =>
    template === 'admin-license-digest'
      ? {
          ...data,
          items: [{ name: 'Mona', email: 'm@x', organizationName: 'Resala', license: '104471' }],
        }
      : template === 'pharmacist-license-rejected'
        ? { ...data, license: '104471', licenseReason: 'notRegistered', settingsUrl: 'http://x/ngo/settings' }
        : template === 'pharmacist-license-accepted'
          ? { ...data, license: '104471', browseUrl: 'http://x/ngo/browse' }
          : template === 'admin-registration-digest'
            ? { ...data, items: JSON.stringify([{ name: 'Mona', email: 'm@x', userType: 'ngo' }]) }
            : template === 'need-match-digest'
              ? {
                  ...data,
                  needsUrl: 'http://x/ngo/needs',
                  items: JSON.stringify([
                    {
                      medicine: 'Panadol',
                      need: 'Panadol',
                      quantity: 3,
                      days: 40,
                      link: 'http://x/ngo/browse?medicine=1&request=1',
                    },
                  ]),
                }
              : template === 'pickup-called-off'
                ? { ...data, readerRole: 'requester', byReader: 'no', calendar: 'yes' }
                : template === 'pickup-on-hold'
                  ? { ...data, readerRole: 'owner' }
                  : data;
  /** Values a template reads under a name another one uses for something else (a recall's reason). */
  const own: Partial<Record<MailTemplate, object>> = {
    'two-factor-reset': {
      reason: 'lostDevicePhoneCall',
      at: 'Sunday, November 29, 2026 at 19:30',
      enrolAgain: 'no',
    },
    'recovery-code-used': {
      by: 'sign-in',
      at: 'Sunday, November 29, 2026 at 19:30',
      left: '2',
      fewLeft: 'yes',
    },
    'recovery-codes-replaced': { at: 'Sunday, November 29, 2026 at 19:30' },
  };
  /** An e-mail as the worker renders it: the data checked against the template's variant. */
  const opened = (template: MailTemplate, language: Language, values: object) =>
    openedMailSchema.parse({ template, language, data: values });

  it('renders every template in English and Arabic with nothing left unfilled', () => {
    for (const template of mailTemplates) {
      for (const language of languages) {
        const mail = renderMail(opened(template, language, { ...dataFor(template), ...own[template] }));
        expect(mail.subject.length).toBeGreaterThan(5);
        for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/undefined|\$\{/);
        expect(mail.html).toContain(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
      }
    }
  });
  it('counts registrations in the plural form of each language', () => {
    const subject = (language: 'en' | 'ar', count: number) =>
      renderMail(opened('admin-registration-digest', language, { ...data, count: String(count), items: [] }))
        .subject;
    expect(subject('en', 1)).toMatch(/^1 new registration waiting/);
    expect(subject('en', 3)).toMatch(/^3 new registrations waiting/);
    expect(subject('ar', 1)).toMatch(/^تسجيل جديد مستني الموافقة/);
    expect(subject('ar', 2)).toMatch(/^تسجيلين جداد مستنيين الموافقة/);
    expect(subject('ar', 5)).toMatch(/^5 تسجيلات جديدة مستنية الموافقة/);
    expect(subject('ar', 11)).toMatch(/^11 تسجيل جديد مستني الموافقة/);
  });

  it('reads a job queued before the lists were typed (JSON text) as one with the list', () => {
    const job = {
      idempotencyKey: 'expiry-digest:7:abc',
      template: 'expiry-digest',
      to: 'owner@x',
      language: 'en',
      data: {
        systemName: 'MedRelay',
        adminEmail: 'admin@medrelay.eg',
        name: 'Nile Pharmacy',
        count: '1',
        items: JSON.stringify([{ name: 'Panadol', quantity: 3, expiryDate: '1 Jan 2030', daysLeft: 7 }]),
        listingsUrl: 'http://x/pharmacy/medicines',
      },
    };
    const parsed = mailJobSchema.parse(job);
    expect(parsed.template === 'expiry-digest' && parsed.data.items).toEqual([
      { name: 'Panadol', quantity: 3, expiryDate: '1 Jan 2030', daysLeft: 7 },
    ]);
    const mail = renderMail(opened(parsed.template, parsed.language, parsed.data));
    expect(mail.text).toContain('• Panadol: 3 units, expires 1 Jan 2030 (7 days left)');
    // In Arabic, each count takes its noun's number: 3 → "وحدات", 2 → "يومين".
    const arabic = mailJobSchema.parse({
      ...job,
      language: 'ar',
      data: {
        ...job.data,
        items: JSON.stringify([{ name: 'Panadol', quantity: 3, expiryDate: '1/1/2030', daysLeft: 2 }]),
      },
    });
    expect(renderMail(opened(arabic.template, arabic.language, arabic.data)).text).toContain(
      '• \u2068Panadol\u2069: 3 وحدات، الصلاحية 1/1/2030 (باقي يومين)',
    );
  });

  it('refuses a job that leaves out a field its template shows', () => {
    const approved = {
      idempotencyKey: 'request-approved:1',
      template: 'request-approved',
      to: 'ngo@x',
      language: 'ar',
      data: { ...data },
    };
    expect(mailJobSchema.safeParse(approved).success).toBe(true);
    const { medicineName: _left, ...withoutMedicine } = data;
    expect(mailJobSchema.safeParse({ ...approved, data: withoutMedicine }).success).toBe(false);
    // A link the e-mail exists for must arrive sealed.
    const reset = { ...approved, template: 'password-reset', data: { ...data } };
    expect(mailJobSchema.safeParse(reset).success).toBe(false);
    expect(mailJobSchema.safeParse({ ...reset, sealed: { resetUrl: 'sealed-text' } }).success).toBe(true);
  });

  it('escapes HTML in user-supplied names', () => {
    const mail = renderMail(opened('account-approved', 'en', { ...data, name: '<script>x</script>' }));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});
