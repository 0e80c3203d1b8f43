import { linkRequestQueueName } from '@medrelay/contracts';
import {
  createTestDatabase,
  mailsTo,
  outageProxy,
  uniqueEmail,
  waitForMails,
  type OutageProxy,
} from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing';

// Asking for a reset or unlock link by e-mail address does the same work whatever the address:
// the request writes one job; identity's worker looks the account up and sends the link. So
// neither the answer nor its timing says which addresses have accounts. PostgreSQL is reached
// through a relay the last test cuts.
let pg: OutageProxy;
let identity: TestIdentity;
beforeAll(async () => {
  pg = await outageProxy(await createTestDatabase());
  identity = await startTestIdentity({ DATABASE_URL: pg.url });
});
afterAll(async () => {
  await pg.restore();
  await identity.stop();
  await pg.close();
});

type Asked = 'password-reset' | 'unlock';
const templates = { 'password-reset': 'password-reset', unlock: 'account-locked-owner' } as const;
const kinds = { 'password-reset': 'reset', unlock: 'unlock' } as const;
const ask = (asked: Asked, email: string, address: string) =>
  identity.api.post(`/api/auth/${asked}/request`, { email }, { headers: { 'x-forwarded-for': address } });
const jobsFor = async (email: string) =>
  (
    await identity.service.ctx.pool.query(
      `SELECT job_name, payload FROM identity.outbox WHERE queue = $1 AND payload->>'email' = $2`,
      [linkRequestQueueName, email],
    )
  ).rows;

describe('a reset or unlock link asked for by e-mail address', () => {
  it.each(['password-reset', 'unlock'] as const)(
    '%s: the same answer and the same job for an account and for none; only the account is e-mailed',
    async (asked) => {
      const owner = await identity.createUser('donor');
      const nobody = uniqueEmail('nobody');
      const known = await ask(asked, owner.email, '10.71.0.1');
      const unknown = await ask(asked, nobody, '10.71.0.1');
      expect(known.status).toBe(202);
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
      expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());
      for (const email of [owner.email, nobody]) {
        expect(await jobsFor(email)).toEqual([
          {
            job_name: kinds[asked],
            payload: expect.objectContaining({ kind: kinds[asked], email, addressKey: '10.71.0.1' }),
          },
        ]);
      }
      await identity.mailSettled();
      expect((await mailsTo(owner.email)).filter((m) => m.template === templates[asked])).toHaveLength(1);
      expect(await mailsTo(nobody)).toHaveLength(0);
    },
  );

  it('is answered without looking the account up: a locked users table holds the e-mail, not the answer', async () => {
    const owner = await identity.createUser('ngo');
    const holder = await identity.service.ctx.pool.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE identity.users IN ACCESS EXCLUSIVE MODE');
    try {
      const answers = await Promise.race([
        Promise.all([
          ask('password-reset', owner.email, '10.71.0.2'),
          ask('password-reset', uniqueEmail('nobody'), '10.71.0.2'),
        ]),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5000)),
      ]);
      expect(answers === 'waited' ? answers : answers.map((a) => a.status)).toEqual([202, 202]);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    // The worker looked the account up once the table was free.
    await waitForMails(owner.email, 1, { match: (m) => m.template === 'password-reset' });
  });

  it('answers 503 while PostgreSQL is down (nothing dropped unsaid), and the same request goes once it is back', async () => {
    const owner = await identity.createUser('pharmacy');
    await pg.cut();
    try {
      const refused = await ask('password-reset', owner.email, '10.71.0.3');
      expect([refused.status, refused.body.code]).toEqual([503, 'STORE_UNAVAILABLE']);
      expect(refused.headers.get('retry-after')).toBe('5');
    } finally {
      await pg.restore();
    }
    await expect.poll(async () => (await ask('password-reset', owner.email, '10.71.0.3')).status).toBe(202);
    await waitForMails(owner.email, 1, { match: (m) => m.template === 'password-reset' });
  });
});
