import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushPayload } from '@medrelay/contracts';

// Web push with the real protocol and no internet, for svc-requests' tests and the e2e: a test
// is the browser (its own P-256 key pair and auth secret) and the push service (an endpoint on
// loopback), and decrypts what arrives (RFC 8291, aes128gcm).

export interface ReceivedPush {
  device: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A push service on loopback: `/push/<device>` answers 201, or what `answers` says for it. */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = req.url!.split('/').at(-1)!;
      received.push({ device, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(device)?.shift() ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    answers,
    endpoint: (device: string) => `${base}/push/${device}`,
    to: (device: string) => received.filter((r) => r.device === device),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestPushService = Awaited<ReturnType<typeof startPushService>>;

/** A browser's subscription keys, and how it opens what its push service hands it. */
export function pushBrowser() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    open(body: Buffer): PushPayload {
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const serverKey = body.subarray(21, 21 + idLength);
      const sealed = body.subarray(21 + idLength);
      const ikm = hkdfSync(
        'sha256',
        ecdh.computeSecret(serverKey),
        auth,
        Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]),
        32,
      );
      const derive = (info: string, length: number) =>
        Buffer.from(hkdfSync('sha256', Buffer.from(ikm), salt, Buffer.from(info), length));
      const decipher = createDecipheriv(
        'aes-128-gcm',
        derive('Content-Encoding: aes128gcm\0', 16),
        derive('Content-Encoding: nonce\0', 12),
      );
      decipher.setAuthTag(sealed.subarray(-16));
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
      // One record: the text, then the last-record delimiter 2 and any padding zeros.
      let end = plain.length - 1;
      while (plain[end] === 0) end--;
      if (plain[end] !== 2) throw new Error(`not the last record's delimiter: ${plain[end]}`);
      return JSON.parse(plain.subarray(0, end).toString('utf8')) as PushPayload;
    },
  };
}
