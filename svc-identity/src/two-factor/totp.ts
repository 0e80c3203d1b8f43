import { randomInt } from 'node:crypto';
import { parseSealingKeys, sealingBox } from '@medrelay/service-kit';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** Recovery codes: 10 characters without look-alikes (no 0/o, 1/l/i), shown as two groups of 5. */
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Accepted clock drift between the phone and the server: one 30-second step either way. */
const toleranceSeconds = 30;

/**
 * TOTP (RFC 6238) with otplib: secrets are kept sealed per account (purpose "totp"), recovery
 * codes as keyed digests (purpose "recovery-codes"), both under the sealing keyring.
 */
export function totpKit(sealingKeys: string) {
  const keyring = parseSealingKeys(sealingKeys);
  const secrets = sealingBox(keyring, 'totp');
  const codes = sealingBox(keyring, 'recovery-codes');
  const context = (userId: number) => `user:${userId}`;
  const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
  return {
    seal: (userId: number, secret: string) => secrets.sealText(context(userId), secret),
    open: (userId: number, sealed: string) => secrets.openText(context(userId), sealed),

    /** A new secret, its otpauth:// address (issuer and account shown in the app) and a QR code of it. */
    async newSecret(issuer: string, account: string) {
      const secret = generateSecret();
      const otpauthUrl = generateURI({ issuer, label: account, secret });
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, otpauthUrl, qrSvg };
    },

    /** The time step of a valid code later than `afterStep`, else null (wrong, or replayed). */
    async check(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
      const result = await verify({
        secret,
        token: code,
        epoch: Math.floor(now.getTime() / 1000),
        epochTolerance: toleranceSeconds,
        ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
      }).catch(() => null);
      // The step (RFC 6238's T) the code belongs to: floor(epoch / 30) of the period it matched.
      if (!result?.valid) return null;
      return Math.floor((result as { epoch: number }).epoch / 30);
    },

    /** Ten new recovery codes to show once, and the digests to keep. */
    newRecoveryCodes(count: number) {
      const shown = Array.from({ length: count }, () => {
        const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
        return `${chars.slice(0, 5)}-${chars.slice(5)}`;
      });
      return {
        shown,
        kept: shown
          .map((code) => codes.mac(normalise(code)))
          .map((m) => ({ keyId: m.keyId, digest: m.digest })),
      };
    },

    /** Which kept digest a typed recovery code is (spaces, dashes and case ignored), if any. */
    matchRecoveryCode(code: string, kept: Array<{ keyId: string; digest: Buffer }>) {
      const typed = normalise(code);
      return kept.find((k) => codes.macMatches(k.keyId, typed, k.digest)) ?? null;
    },
  };
}
export type TotpKit = ReturnType<typeof totpKit>;
