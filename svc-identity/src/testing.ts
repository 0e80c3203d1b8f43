import {
  linkRequestQueueName,
  mailQueueName,
  registrationQueueName,
  type UserStatus,
  type UserType,
} from '@medrelay/contracts';
import { createLogger, withTransaction } from '@medrelay/service-kit';
import {
  createTestDatabase,
  listenForTest,
  testServiceEnv,
  testStores,
  uniqueEmail,
  uniqueName,
  waitUntil,
} from '@medrelay/testing';
import { identityConfigShape, type IdentityConfig } from './config';
import { hashPassword } from './passwords';
import { createIdentityService } from './service';
import { recordUserEvent, republishUsers } from './users/events';
import { findUserById, insertUser } from './users/repo';
import { z } from 'zod';

export const testPassword = 'Kite-Harbour-7315';
/** For tests that give an account a password directly (one the policy would now refuse). */
export { hashPassword };
/** Publishes again the users a migration listed (identity does it at start). */
export { republishUsers };

/**
 * Starts a real svc-identity in this process on a free port, with its own database and Redis
 * prefix on the run's PostgreSQL and Redis (unless given), and the run's SMTP sink.
 */
export async function startTestIdentity(overrides: Partial<Record<keyof IdentityConfig, string>> = {}) {
  const stores = testStores();
  // Another instance of an identity already started shares its database and prefix.
  const prefix = overrides.REDIS_PREFIX ?? uniqueName('r');
  const databaseUrl = overrides.DATABASE_URL ?? (await createTestDatabase());
  const config = z.object(identityConfigShape).parse({
    ...testServiceEnv(databaseUrl, prefix),
    SMTP_URL: stores.smtpUrl,
    JWT_PRIVATE_KEY: stores.jwtPrivateKey,
    // Digests as soon as due and checked often, so tests wait for conditions, not minutes.
    REGISTRATION_DIGEST_SECONDS: '1',
    REGISTRATION_DIGEST_CHECK_MS: '200',
    // A Redis that lost the revocations is noticed within a quarter of a second.
    REVOCATION_CHECK_MS: '250',
    ...overrides,
  });
  const service = await createIdentityService(config, createLogger('svc-identity', config.LOG_LEVEL));
  const { baseUrl, api, stop } = await listenForTest(service, config);

  /**
   * Inserts a user directly (as the seed and create-admin do), with the user event other
   * services' read models learn from, and returns its id and e-mail.
   */
  async function createUser(
    userType: UserType,
    status: UserStatus = 'approved',
    label: string = userType,
    address?: string,
  ) {
    const email = uniqueEmail(label);
    const passwordHash = await hashPassword(testPassword);
    const id = await withTransaction(service.ctx.pool, async (client) => {
      const newId = await insertUser(client, {
        email,
        passwordHash,
        name: `${label} user`,
        phone: '+201000000000',
        userType,
        status,
        language: 'en',
        commercialLicense: 'CL-1',
        organizationName: 'Org',
        commercialNumber: 'CN-1',
        pharmacistLicense: userType === 'ngo' ? '123456' : null,
        address,
        emailVerified: true,
      });
      await recordUserEvent(client, 'user.registered', (await findUserById(client, newId!))!);
      return newId;
    });
    service.ctx.outbox.nudge();
    return { id: id!, email };
  }

  async function login(email: string, password = testPassword): Promise<string> {
    const res = await api.post('/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  }

  /** A signed-in user of the given type and status: `{ id, email, token }`. */
  async function signedIn(userType: UserType, status: UserStatus = 'approved') {
    const user = await createUser(userType, status);
    return { ...user, token: await login(user.email) };
  }

  /**
   * Waits until every e-mail queued so far is done: handed over by the outbox and taken by the
   * worker (sent, or skipped as sent before), and so is every link asked for by e-mail address
   * and every registration's follow-up (the e-mails they make come first, so their queues are
   * read first). A test that says "no second e-mail" checks after it.
   */
  async function mailSettled() {
    const queues = [registrationQueueName, linkRequestQueueName, mailQueueName];
    await waitUntil(
      async () => {
        for (const name of queues) {
          // The outbox first: a job it hands over after this read is in the queue by the next one
          // (read the other way round, a job handed over between the two was in neither).
          if ((await service.ctx.outbox.unpublished(name)) > 0) return false;
          const counts = await service.queues
            .get(name)!
            .getJobCounts('active', 'waiting', 'delayed', 'prioritized');
          if (Object.values(counts).some((n) => n > 0)) return false;
        }
        return true;
      },
      { what: 'the queued e-mails to be done' },
    );
  }

  return {
    service,
    config,
    mailSettled,
    baseUrl,
    api,
    prefix,
    databaseUrl,
    createUser,
    login,
    signedIn,
    stop,
  };
}
export type TestIdentity = Awaited<ReturnType<typeof startTestIdentity>>;
