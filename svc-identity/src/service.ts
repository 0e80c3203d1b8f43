import { fileURLToPath } from 'node:url';
import {
  linkRequestQueueName,
  mailQueueName,
  registrationQueueName,
  userEventQueues,
} from '@medrelay/contracts';
import { republishUsers } from './users/events';
import {
  createLogger,
  createPool,
  createServiceRuntime,
  type Logger,
  mailSecrets,
  readPem,
  whenStoresAnswer,
} from '@medrelay/service-kit';
import { movableClock, systemClock } from '@medrelay/service-kit/clock';
import { accountRoutes } from './account/routes';
import { deviceCookies } from './devices/cookie';
import { twoFactorRoutes } from './two-factor/routes';
import { passkeyRoutes } from './passkeys/routes';
import { sessionRoutes } from './sessions/routes';
import { createSessionService } from './sessions/service';
import { adminUserRoutes } from './admin-users/routes';
import { startLinkRequestWorker } from './auth/link-requests';
import { startRegistrationFollowUpWorker } from './registrations/follow-up';
import { watchRevocations } from './auth/revocations';
import { authRoutes } from './auth/routes';
import { createTokenIssuer } from './auth/tokens';
import type { IdentityConfig } from './config';
import { schema, type IdentityContext } from './context';
import { startMailWorker } from './mail/worker';
import { startRegistrationDigest } from './registrations/digest';
import { settingsRoutes } from './settings/routes';
import { impactRoutes } from './impact/routes';
import { SettingsStore } from './settings/store';

export const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Builds svc-identity: stores, queues, the HTTP app and the mail worker. main.ts starts it;
 * tests start it in-process against their own database and Redis prefix.
 */
export async function createIdentityService(
  config: IdentityConfig,
  logger: Logger = createLogger('svc-identity', config.LOG_LEVEL),
) {
  const runtime = await createServiceRuntime({
    name: 'svc-identity',
    config,
    schema,
    migrationsDir,
    queueNames: [mailQueueName, linkRequestQueueName, registrationQueueName, ...userEventQueues],
    logger,
  });
  const { pool, redis, prefix, workerConnection } = runtime;
  const privateKey = readPem(config.JWT_PRIVATE_KEY, config.JWT_PRIVATE_KEY_FILE, 'JWT private key');
  const settings = new SettingsStore(pool, redis, prefix, logger);
  const secrets = mailSecrets(config.SEALING_KEYS);
  // Tests move the clock e-mailed links lapse by; production reads real time.
  const clock = config.NODE_ENV === 'test' ? movableClock() : systemClock;
  const ctx: IdentityContext = {
    ...runtime.context,
    settings,
    tokens: await createTokenIssuer(privateKey, redis, pool, prefix, logger),
    clock,
    secrets,
    devices: deviceCookies(config.SEALING_KEYS, config.PUBLIC_URL.startsWith('https:')),
  };
  // Both wait out a store that is down at start (the port answers 503 meanwhile).
  await whenStoresAnswer('publish settings', () => settings.publish(), logger);
  // Every revocation back in Redis (and its marker, without which verifiers answer 503), now and
  // whenever Redis loses them while identity runs.
  const revocations = watchRevocations(pool, redis, prefix, logger, config.REVOCATION_CHECK_MS);
  await whenStoresAnswer('restore revocations', () => revocations.restore(), logger);
  revocations.watch();
  // Users a migration listed (their event gained a field): the read models learn it now.
  await whenStoresAnswer('republish users', () => republishUsers(pool), logger);

  const app = runtime.app([
    authRoutes(ctx),
    impactRoutes(ctx),
    accountRoutes(ctx),
    adminUserRoutes(ctx),
    twoFactorRoutes(ctx),
    sessionRoutes(ctx, createSessionService(ctx)),
    passkeyRoutes(ctx),
    settingsRoutes(ctx),
  ]);

  ctx.outbox.start();
  const mailWorker =
    config.MAIL_WORKER === 'on'
      ? startMailWorker({
          // Its own small pool: slow SMTP must never take the connections HTTP needs.
          pool: createPool(config.DATABASE_URL, 'svc-identity-mail', 5, logger),
          connection: workerConnection,
          prefix,
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          logger,
          secrets,
        })
      : null;

  // Reset and unlock links asked for by e-mail address: looked up and sent here, not in the request.
  const linkRequestWorker = startLinkRequestWorker(ctx, workerConnection);
  // What a registration does after its answer (registrations/follow-up.ts).
  const registrationWorker = startRegistrationFollowUpWorker(ctx, workerConnection);

  const digest = startRegistrationDigest(
    ctx,
    config.REGISTRATION_DIGEST_SECONDS,
    config.REGISTRATION_DIGEST_CHECK_MS,
  );

  return {
    app,
    ctx,
    queues: runtime.queues,
    ...runtime.lifecycle(app, () =>
      Promise.all([
        digest.stop(),
        revocations.stop(),
        linkRequestWorker.close(),
        registrationWorker.close(),
        mailWorker?.close(),
      ]),
    ),
  };
}

export type IdentityService = Awaited<ReturnType<typeof createIdentityService>>;
