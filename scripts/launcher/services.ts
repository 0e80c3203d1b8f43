import path from 'node:path';
import { gatewayConfigShape } from '@medrelay/gateway/config';
import { webConfigShape } from '@medrelay/gateway/web-config';
import { catalogConfigShape } from '@medrelay/svc-catalog/config';
import { identityConfigShape } from '@medrelay/svc-identity/config';
import { requestsConfigShape } from '@medrelay/svc-requests/config';
import { ensureVapidKeys } from '../stores/keys';
import type { Stores } from '../stores/resolve';

export type Deployable = 'identity' | 'catalog' | 'requests' | 'gateway' | 'web';

/**
 * The settings each deployable reads: the keys of its zod config shape. The launcher, compose
 * and the k8s manifests give each one these and no others (no database URL for the gateway).
 */
export const deployableSettings: Record<Deployable, readonly string[]> = {
  identity: Object.keys(identityConfigShape),
  catalog: Object.keys(catalogConfigShape),
  requests: Object.keys(requestsConfigShape),
  gateway: Object.keys(gatewayConfigShape),
  web: Object.keys(webConfigShape),
};

/** `env` without the variables `deployable` does not read. */
export function onlySettingsOf(deployable: Deployable, env: Record<string, string>): Record<string, string> {
  const wanted = new Set(deployableSettings[deployable]);
  return Object.fromEntries(Object.entries(env).filter(([name]) => wanted.has(name)));
}

/** A back-end service as the launcher runs it; the compose file and k8s manifests mirror these names. */
export interface LaunchedService {
  name: 'identity' | 'catalog' | 'requests';
  dir: string;
  port: number;
  env: Record<string, string>;
}

export interface LaunchInput {
  stores: Pick<Stores, 'databaseUrl' | 'redisUrl' | 'smtpUrl' | 'jwtPrivateKeyFile' | 'jwtPublicKeyFile'>;
  varDir: string;
  publicUrl: string;
  internalSecret: string;
  /** The keyring sealing handover codes (identity opens them in mail jobs, requests issues them). */
  sealingKeys: string;
  /** The web push key pair; by default the environment's, else kept in var/keys. */
  vapidKeys?: { publicKey: string; privateKey: string };
  env: NodeJS.ProcessEnv;
}

/** The settings shared by the deployables (each keeps those it reads: `onlySettingsOf`). */
export function commonEnvironment({ stores, publicUrl, env }: LaunchInput): Record<string, string> {
  return {
    NODE_ENV: env.NODE_ENV ?? 'development',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    HOST: '127.0.0.1',
    REDIS_URL: stores.redisUrl,
    REDIS_PREFIX: env.REDIS_PREFIX ?? 'medrelay',
    JWT_PUBLIC_KEY_FILE: stores.jwtPublicKeyFile,
    DATABASE_URL: stores.databaseUrl,
    SMTP_URL: stores.smtpUrl,
    PUBLIC_URL: publicUrl,
  };
}

/** The VAPID key pair svc-requests signs web pushes with: given, the environment's, else var/keys'. */
function vapidEnvironment({ vapidKeys, env, varDir }: LaunchInput): Record<string, string> {
  const keys =
    vapidKeys ??
    (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : ensureVapidKeys(path.join(varDir, 'keys')));
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

/** The three services with their own settings (on top of the common ones and PORT). */
export function launchedServices(input: LaunchInput): LaunchedService[] {
  const { stores, varDir, internalSecret, sealingKeys, env } = input;
  const catalogPort = Number(env.CATALOG_PORT ?? 4002);
  return [
    {
      name: 'identity',
      dir: 'svc-identity',
      port: Number(env.IDENTITY_PORT ?? 4001),
      env: { JWT_PRIVATE_KEY_FILE: stores.jwtPrivateKeyFile, SEALING_KEYS: sealingKeys },
    },
    {
      name: 'catalog',
      dir: 'svc-catalog',
      port: catalogPort,
      env: { INTERNAL_SECRET: internalSecret, UPLOAD_DIR: path.join(varDir, 'uploads') },
    },
    {
      name: 'requests',
      dir: 'svc-requests',
      port: Number(env.REQUESTS_PORT ?? 4003),
      env: {
        INTERNAL_SECRET: internalSecret,
        SEALING_KEYS: sealingKeys,
        CATALOG_URL: `http://127.0.0.1:${catalogPort}`,
        // Web push: kept in var/keys like the sealing keys, so subscriptions outlive restarts.
        ...vapidEnvironment(input),
      },
    },
  ];
}

/** The gateway's own settings: where each service's instances are, and the front-end files. */
export function gatewayEnvironment(
  upstreams: { identity: string; catalog: string; requests: string },
  port: number,
  root: string,
  env: NodeJS.ProcessEnv,
): Record<string, string> {
  return {
    HOST: env.GATEWAY_HOST ?? '127.0.0.1',
    PORT: String(port),
    IDENTITY_URL: upstreams.identity,
    CATALOG_URL: upstreams.catalog,
    REQUESTS_URL: upstreams.requests,
    STATIC_ROOT: root,
  };
}

/** The variable names each deployable gets from the launcher (compose and k8s must offer them all). */
export function launcherVariableNames(root: string): Record<LaunchedService['name'] | 'gateway', string[]> {
  const input: LaunchInput = {
    stores: { databaseUrl: '', redisUrl: '', smtpUrl: '', jwtPrivateKeyFile: '', jwtPublicKeyFile: '' },
    varDir: '',
    publicUrl: '',
    internalSecret: '',
    sealingKeys: '',
    vapidKeys: { publicKey: '', privateKey: '' },
    env: {},
  };
  const common = commonEnvironment(input);
  const services = Object.fromEntries(
    launchedServices(input).map((s) => [
      s.name,
      Object.keys(onlySettingsOf(s.name, { ...common, ...s.env, PORT: '' })),
    ]),
  ) as Record<LaunchedService['name'], string[]>;
  const upstreams = { identity: '', catalog: '', requests: '' };
  const gateway = onlySettingsOf('gateway', { ...common, ...gatewayEnvironment(upstreams, 0, root, {}) });
  return { ...services, gateway: Object.keys(gateway) };
}
