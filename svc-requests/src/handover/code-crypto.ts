import { randomInt } from 'node:crypto';
import { parseSealingKeys, sealingBox, type Sealed, type SealingBox } from '@medrelay/service-kit';

/**
 * The handover code's secrets, from the keyring (`SEALING_KEYS`, kept across restarts and shared
 * by every instance). The keyed digest is what a code is checked against, so a copy of the table
 * cannot be brute-forced offline over the 10^6 codes; the sealed copy (the request id bound to it,
 * so it cannot be moved to another request) is what the requester is shown again. Both name the
 * key that made them, so keys can be rotated.
 */
export function handoverCodeCrypto(sealingKeys: string) {
  const box: SealingBox = sealingBox(parseSealingKeys(sealingKeys), 'handover-code');
  const context = (requestId: number) => `request:${requestId}`;
  const macInput = (requestId: number, code: string) => `${requestId}:${code}`;
  return {
    /** Six digits from the OS's CSPRNG (uniform: randomInt rejects biased draws). */
    newCode: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
    /** A new code's stored form: the digest and the sealed copy, under the current key. */
    protect(requestId: number, code: string) {
      const { keyId, digest } = box.mac(macInput(requestId, code));
      return { keyId, hmac: digest, sealed: box.seal(context(requestId), code).bytes };
    },
    /** Whether `code` is the stored one; false too when its key is no longer in the keyring. */
    matches: (requestId: number, code: string, stored: { keyId: string | null; hmac: Buffer }) =>
      stored.keyId !== null && box.macMatches(stored.keyId, macInput(requestId, code), stored.hmac),
    /** The stored code's digits, or null when its key is gone (it must then be issued anew). */
    open: (requestId: number, stored: { keyId: string | null; sealed: Buffer }) =>
      stored.keyId === null
        ? null
        : box.open(context(requestId), { keyId: stored.keyId, bytes: stored.sealed } satisfies Sealed),
    /** Whether the keyring can still check a code stored under `keyId`. */
    canCheck: (keyId: string | null) => keyId !== null && box.hasKey(keyId),
  };
}
export type HandoverCodeCrypto = ReturnType<typeof handoverCodeCrypto>;
