import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { TestStores } from '@medrelay/testing';
import { newSealingKey } from '@medrelay/service-kit/sealing';
import { generateSigningKeys } from '../stores/keys';
import { freePort } from '../stores/ports';
import { startEmbeddedPostgres } from '../stores/postgres';
import { startRedis } from '../stores/redis';
import { startSmtpSink } from '../stores/smtp-sink';
import { postmasterPid, reapOrphanedStores, recordStores } from './orphans';

const folderPrefix = 'medrelay-test-';

/**
 * Starts the real stores once for the whole run, on free ports, in a temporary folder:
 * embedded PostgreSQL, redis-server and the SMTP sink. Test files isolate themselves with
 * their own database and Redis prefix.
 */
export default async function setup(project: TestProject) {
  reapOrphanedStores(tmpdir(), folderPrefix);
  const root = mkdtempSync(path.join(tmpdir(), folderPrefix));
  // PostgreSQL runs as the `postgres` user when we are root: it must reach its data folder.
  chmodSync(root, 0o755);
  const [pgPort, redisPort, smtpPort, flakyPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const postgres = await startEmbeddedPostgres(path.join(root, 'pg'), pgPort, () => {}, { durable: false });
  const redis = await startRedis(path.join(root, 'redis'), redisPort);
  recordStores(root, [
    { pid: postmasterPid(path.join(root, 'pg')), command: 'postgres', signal: 'SIGQUIT' },
    { pid: redis.pid, command: 'redis-server', signal: 'SIGTERM' },
  ]);
  const smtp = await startSmtpSink(path.join(root, 'mail'), smtpPort);
  // For the mail worker's retry test: refuses the first two messages sent to it in the run.
  const flakySmtp = await startSmtpSink(path.join(root, 'flaky-mail'), flakyPort, () => {}, { failFirst: 2 });
  const keys = generateSigningKeys();
  const stores: TestStores = {
    postgresBaseUrl: postgres.baseUrl,
    redisUrl: redis.url,
    smtpUrl: smtp.url,
    mailDir: smtp.directory,
    flakySmtpUrl: flakySmtp.url,
    flakyMailDir: flakySmtp.directory,
    jwtPrivateKey: keys.privateKey,
    jwtPublicKey: keys.publicKey,
    sealingKeys: newSealingKey('test'),
  };
  project.provide('stores', stores);
  return async () => {
    await smtp.stop();
    await flakySmtp.stop();
    await redis.stop();
    await postgres.stop();
    rmSync(root, { recursive: true, force: true });
  };
}
