import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The handover code's secrets, derived from the service's secret (two keys, one per use). The
 * HMAC is what a code is checked against; the sealed copy (AES-256-GCM, the request id as
 * associated data so a sealed code cannot be moved to another request) is what the requester
 * is shown again.
 */
export function handoverCodeCrypto(secret: string) {
  const key = (use: string) => Buffer.from(hkdfSync('sha256', secret, 'medrelay-handover', use, 32));
  const hmacKey = key('code-hmac');
  const sealKey = key('code-seal');
  const hmac = (requestId: number, code: string) =>
    createHmac('sha256', hmacKey).update(`${requestId}:${code}`).digest();
  return {
    /** Six digits from the OS's CSPRNG (uniform: randomInt rejects biased draws). */
    newCode: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
    hmac,
    matches: (requestId: number, code: string, stored: Buffer) =>
      timingSafeEqual(hmac(requestId, code), stored),
    seal(requestId: number, code: string): Buffer {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(String(requestId)));
      const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    open(requestId: number, sealed: Buffer): string {
      const decipher = createDecipheriv('aes-256-gcm', sealKey, sealed.subarray(0, 12));
      decipher.setAAD(Buffer.from(String(requestId)));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
export type HandoverCodeCrypto = ReturnType<typeof handoverCodeCrypto>;
