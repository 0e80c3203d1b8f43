import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { z } from 'zod';

/**
 * Keys that seal small secrets (handover codes) at rest and in queues. `SEALING_KEYS` holds one
 * or more `id:base64` entries separated by commas, the first being the key new secrets are sealed
 * with; the others still open what they sealed, so a key can be rotated by putting a new one
 * first and dropping the old one once nothing sealed with it is left. They outlive restarts
 * (the launcher keeps them in `var/keys/sealing-keys`; deployments give them as a secret), unlike
 * the launcher's internal secret, which is new at every start.
 */
export interface SealingKeyring {
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

const keyEntry = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=_-]+)$/;

export function parseSealingKeys(text: string): SealingKeyring {
  const keys = new Map<string, Buffer>();
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const match = keyEntry.exec(entry);
    const key = match ? Buffer.from(match[2]!, 'base64') : null;
    if (!match || !key || key.length < 32) {
      throw new Error('SEALING_KEYS: each entry is id:base64 of at least 32 random bytes');
    }
    if (keys.has(match[1]!)) throw new Error(`SEALING_KEYS: key id ${match[1]} is given twice`);
    keys.set(match[1]!, key);
  }
  if (keys.size === 0) throw new Error('SEALING_KEYS: at least one key is needed');
  return { currentId: [...keys.keys()][0]!, keys };
}

/** A new keyring entry (`id:base64` of 32 random bytes), as the launcher writes it. */
export function newSealingKey(id: string): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}

/** The config field: present and well formed, or the service does not start. */
export const sealingKeysField = z
  .string()
  .min(1)
  .refine(
    (text) => {
      try {
        parseSealingKeys(text);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'SEALING_KEYS: each entry is id:base64 of at least 32 random bytes, comma separated' },
  );

/** A sealed value: the id of the key that sealed it and IV, tag and ciphertext (AES-256-GCM). */
export interface Sealed {
  keyId: string;
  bytes: Buffer;
}

/**
 * Sealing for one purpose (the purpose names the derived keys, so a value sealed for one use
 * never opens for another). `context` is bound as associated data: a value sealed for request 7
 * or for one e-mail address does not open for another.
 */
export function sealingBox(keyring: SealingKeyring, purpose: string) {
  const derived = new Map<string, Buffer>();
  const derive = (keyId: string, use: string): Buffer | null => {
    const name = `${keyId}/${use}`;
    let key = derived.get(name);
    const base = keyring.keys.get(keyId);
    if (!key && base) {
      key = Buffer.from(hkdfSync('sha256', base, 'medrelay-sealing', `${purpose}:${use}`, 32));
      derived.set(name, key);
    }
    return key ?? null;
  };
  const mac = (keyId: string, message: string): Buffer | null => {
    const key = derive(keyId, 'mac');
    return key ? createHmac('sha256', key).update(message).digest() : null;
  };
  const seal = (context: string, plaintext: string): Sealed => {
    const keyId = keyring.currentId;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', derive(keyId, 'seal')!, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { keyId, bytes: Buffer.concat([iv, cipher.getAuthTag(), body]) };
  };
  /** The plaintext, or null when the key is gone or the value was changed or moved. */
  const open = (context: string, sealed: Sealed): string | null => {
    const key = derive(sealed.keyId, 'seal');
    if (!key || sealed.bytes.length < 28) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(sealed.bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  };
  return {
    currentKeyId: keyring.currentId,
    /** Whether values made under `keyId` can still be opened and checked. */
    hasKey: (keyId: string) => keyring.keys.has(keyId),
    seal,
    open,
    /** A keyed digest under the current key, to check a secret without storing it. */
    mac: (message: string) => ({ keyId: keyring.currentId, digest: mac(keyring.currentId, message)! }),
    /** Whether `message` has the digest stored under `keyId` (false when that key is gone). */
    macMatches(keyId: string, message: string, stored: Buffer): boolean {
      const digest = mac(keyId, message);
      return digest !== null && digest.length === stored.length && timingSafeEqual(digest, stored);
    },
    /** The sealed value as one text (`keyId.base64url`), for a queue message. */
    sealText: (context: string, plaintext: string): string => {
      const sealed = seal(context, plaintext);
      return `${sealed.keyId}.${sealed.bytes.toString('base64url')}`;
    },
    openText(context: string, text: string): string | null {
      const dot = text.indexOf('.');
      if (dot <= 0) return null;
      return open(context, {
        keyId: text.slice(0, dot),
        bytes: Buffer.from(text.slice(dot + 1), 'base64url'),
      });
    },
  };
}
export type SealingBox = ReturnType<typeof sealingBox>;
