import { createECDH, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newSealingKey, parseSealingKeys } from '@medrelay/service-kit/sealing';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function generateSigningKeys(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The ES256 key pair under `directory`, created on first use (private key readable by owner only). */
export function ensureSigningKeys(directory: string): { privateKeyFile: string; publicKeyFile: string } {
  const privateKeyFile = path.join(directory, 'jwt-private.pem');
  const publicKeyFile = path.join(directory, 'jwt-public.pem');
  if (!existsSync(privateKeyFile) || !existsSync(publicKeyFile)) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const keys = generateSigningKeys();
    writeFileSync(privateKeyFile, keys.privateKey, { mode: 0o600 });
    writeFileSync(publicKeyFile, keys.publicKey);
  }
  return { privateKeyFile, publicKeyFile };
}

/**
 * The keyring that seals handover codes (`SEALING_KEYS`), kept in `directory` so codes issued
 * before a restart still open after it; created on first use (readable by owner only).
 */
export function ensureSealingKeys(directory: string): string {
  const file = path.join(directory, 'sealing-keys');
  if (!existsSync(file)) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    writeFileSync(
      file,
      `${newSealingKey(`k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`)}\n`,
      {
        mode: 0o600,
      },
    );
  }
  const keys = readFileSync(file, 'utf8').trim();
  parseSealingKeys(keys);
  return keys;
}

/**
 * The VAPID key pair web pushes are signed with (RFC 8292: P-256, base64url, as
 * `web-push generate-vapid-keys` prints them), kept in `directory` so browsers subscribed before a
 * restart still receive pushes after it; created on first use (readable by owner only).
 */
export function ensureVapidKeys(directory: string): { publicKey: string; privateKey: string } {
  const file = path.join(directory, 'vapid.json');
  if (!existsSync(file)) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: ecdh.getPrivateKey().toString('base64url'),
    };
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
}
