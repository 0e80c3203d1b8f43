import { randomBytes } from 'node:crypto';
import { deviceCookieName } from '@medrelay/contracts';
import { parseSealingKeys, sealingBox } from '@medrelay/service-kit';
import type { Request, Response } from 'express';

/** About 13 months: browsers cap a cookie's life at 400 days. */
const maxAgeSeconds = 400 * 24 * 3600;

/**
 * The device cookie: a random key naming this browser, signed (HMAC under the sealing keyring)
 * so nobody can claim another's key. HttpOnly, SameSite=Strict, sent only to /api/auth: it
 * proves nothing alone, it only tells sign-in that this browser has been let in before.
 */
export function deviceCookies(sealingKeys: string, secure: boolean) {
  const box = sealingBox(parseSealingKeys(sealingKeys), 'device-cookie');
  return {
    /** The browser's device key, when it sent a cookie with a valid signature. */
    read(req: Request): string | null {
      const header = req.headers.cookie ?? '';
      const value = header
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${deviceCookieName}=`))
        ?.slice(deviceCookieName.length + 1);
      const [key, keyId, mac] = value?.split('.') ?? [];
      if (!key || !keyId || !mac || !/^[\w-]{16,64}$/.test(key)) return null;
      return box.macMatches(keyId, key, Buffer.from(mac, 'base64url')) ? key : null;
    },
    /** Sets (or renews) the cookie for this key. */
    issue(res: Response, deviceKey: string): void {
      const { keyId, digest } = box.mac(deviceKey);
      res.append(
        'Set-Cookie',
        `${deviceCookieName}=${deviceKey}.${keyId}.${digest.toString('base64url')}; Max-Age=${maxAgeSeconds}; ` +
          `Path=/api/auth; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
      );
    },
  };
}
export type DeviceCookies = ReturnType<typeof deviceCookies>;

/** A new browser's key (128 random bits). */
export const newDeviceKey = () => randomBytes(16).toString('base64url');
