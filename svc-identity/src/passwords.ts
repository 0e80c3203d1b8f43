import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const argon2id = 2;

/** argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): ~8 ms here. */
const options = { algorithm: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** A hash of a throwaway password, verified against when the e-mail is unknown so timing reveals nothing. */
export const dummyHash = hashPassword('not-a-real-password-0000');
