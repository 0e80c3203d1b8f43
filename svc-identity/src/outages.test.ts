import { randomUUID } from 'node:crypto';
import { mailQueueName, translate, type MailJob } from '@medrelay/contracts';
import {
  createTestDatabase,
  mailsTo,
  outageProxy,
  testStores,
  uniqueEmail,
  waitUntil,
  type OutageProxy,
} from '@medrelay/testing';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from './testing';

/** Polls `call` until it answers `status`; how long that took after `since`. */
async function msUntil(call: () => Promise<{ status: number }>, status: number, since: number) {
  await waitUntil(async () => (await call()).status === status, {
    timeoutMs: 20_000,
    intervalMs: 100,
    what: `an answer ${status}`,
  });
  return Date.now() - since;
}

/** Queues one e-mail to `to` the way the outbox relay does (job id = the message's id). */
async function queueMail(identity: TestIdentity, to: string) {
  const job: MailJob = {
    idempotencyKey: `outage-test:${to}`,
    template: 'account-approved',
    to,
    language: 'en',
    data: {
      name: 'Outage Donor',
      systemName: 'MedRelay',
      adminEmail: 'admin@medrelay.eg',
      userType: 'donor',
      loginUrl: 'http://localhost/login',
    },
  };
  await identity.service.queues.get(mailQueueName)!.add('mail', job, { jobId: randomUUID() });
}

// Identity stands for the three services: they share service-kit's pool, Redis connections,
// error answers, health checks and workers. Each store is reached through a relay the test
// cuts and restores (`outageProxy`), so the run's stores stay up for the other files.
describe('svc-identity when a store goes away', () => {
  let pg: OutageProxy;
  let redis: OutageProxy;
  let smtp: OutageProxy;
  let identity: TestIdentity;

  beforeAll(async () => {
    pg = await outageProxy(await createTestDatabase());
    redis = await outageProxy(testStores().redisUrl);
    smtp = await outageProxy(testStores().smtpUrl);
    identity = await startTestIdentity({ DATABASE_URL: pg.url, REDIS_URL: redis.url, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await Promise.all([pg.restore(), redis.restore(), smtp.restore()]);
    await identity.stop();
    await Promise.all([pg.close(), redis.close(), smtp.close()]);
  });

  it('answers 503 with Retry-After while PostgreSQL is down, stays live, and serves within 5 s of its return', async () => {
    const { token } = await identity.signedIn('donor');
    const me = (language = 'en') =>
      identity.api.get('/api/auth/me', { token, headers: { 'Accept-Language': language } });
    expect((await me()).status).toBe(200);
    // A connection held between two queries when PostgreSQL goes: before, its 'error' event had
    // no listener and killed the process.
    const held = await identity.service.ctx.pool.connect();
    await pg.cut();
    const refused = await me('ar');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body).toEqual({
      message: translate('serviceUnavailable', 'ar'),
      code: 'STORE_UNAVAILABLE',
      details: { retryAfterSeconds: 5 },
    });
    expect((await identity.api.get('/health/ready')).status).toBe(503);
    expect((await identity.api.get('/health/live')).status).toBe(200);
    await expect(held.query('SELECT 1')).rejects.toThrow();
    held.release(true);

    const back = Date.now();
    await pg.restore();
    expect(await msUntil(() => me(), 200, back), 'answering after PostgreSQL is back').toBeLessThan(5000);
    expect((await identity.api.get('/health/ready')).status).toBe(200);
  });

  it('answers 503 while Redis is down and serves within 5 s of its return', async () => {
    const { email } = await identity.createUser('donor');
    await redis.cut();
    const login = () => identity.api.post('/api/auth/login', { email, password: testPassword });
    const refused = await login();
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('STORE_UNAVAILABLE');
    expect((await identity.api.get('/health/ready')).status).toBe(503);
    expect((await identity.api.get('/health/live')).status).toBe(200);

    const back = Date.now();
    await redis.restore();
    expect(await msUntil(login, 200, back), 'signing in after Redis is back').toBeLessThan(5000);
  });

  it('keeps e-mails while the mail server is down, without using their attempts, and sends each once within seconds of its return', async () => {
    const email = uniqueEmail('smtpdown');
    await smtp.cut();
    const queue = identity.service.queues.get(mailQueueName)!;
    const jobFor = async () =>
      (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).find(
        (job) => (job.data as { to?: string }).to === email,
      );
    await queueMail(identity, email);
    // Tried and put back at least twice while the server is away, none of it counted as a failure.
    await waitUntil(async () => ((await jobFor())?.attemptsStarted ?? 0) >= 2, {
      timeoutMs: 20_000,
      what: 'the e-mail tried while the mail server is down',
    });
    const waiting = (await jobFor())!;
    expect(waiting.attemptsMade).toBe(0);
    expect(await waiting.getState()).not.toBe('failed');

    const back = Date.now();
    await smtp.restore();
    await waitUntil(async () => (await mailsTo(email)).length > 0, {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: 'the e-mail delivered',
    });
    // The worker's wait between tries is capped at 2 s (service-kit queue.ts; BullMQ's own backoff
    // reached 32 s); the rest is room for a loaded machine: 6.1 s was seen once in CI while two
    // builds ran beside it.
    expect(Date.now() - back, 'delivered after the mail server is back').toBeLessThan(10_000);
    await waitUntil(async () => (await (await jobFor())?.getState()) === 'completed', {
      what: 'the e-mail job completed',
    });
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('an e-mail handed to the mail server just as PostgreSQL goes away', () => {
  it('is recorded once PostgreSQL is back and never sent again', async () => {
    const pg = await outageProxy(await createTestDatabase());
    const received: string[] = [];
    let cutOnNext = '';
    // A mail server that takes PostgreSQL away at the moment it accepts the chosen message: the
    // worker's send succeeds, the record of it cannot be written.
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address).join(',');
          received.push(to);
          if (to === cutOnNext) void pg.cut().then(() => callback());
          else callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.server.address() as { port: number }).port;
    const identity = await startTestIdentity({ DATABASE_URL: pg.url, SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = uniqueEmail('cutsend');
      cutOnNext = email;
      await queueMail(identity, email);
      await waitUntil(() => received.includes(email), { timeoutMs: 20_000, what: 'the hand-off' });
      await pg.restore();
      const queue = identity.service.queues.get(mailQueueName)!;
      await waitUntil(
        async () => {
          const jobs = await queue.getJobs(['completed']);
          return jobs.some((job) => (job.data as { to?: string }).to === email);
        },
        { timeoutMs: 20_000, what: 'the e-mail job completed' },
      );
      expect(received.filter((to) => to === email)).toHaveLength(1);
      const { rows } = await identity.service.ctx.pool.query(
        'SELECT template FROM identity.sent_mail WHERE recipient = $1',
        [email],
      );
      expect(rows).toEqual([{ template: 'account-approved' }]);
    } finally {
      await pg.restore();
      await identity.stop();
      await pg.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
