import { z } from 'zod';
import { languages } from './languages';

// Web push (RFC 8030 / 8291 / 8292): a browser subscribes with its push service's endpoint and
// its keys; svc-requests sends what cannot wait to every subscription of the reader.

/** `bytes` bytes in base64url (padding allowed and dropped): 65 bytes are 87 characters, 16 are 22. */
const base64url = (bytes: number, key: string) =>
  z
    .string({ error: key })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}=*$`), { error: key })
    .transform((value) => value.replace(/=+$/, ''));

/** The VAPID public key browsers subscribe with; null when this platform sends no push. */
export const pushKeySchema = z.object({ publicKey: z.string().nullable() });

/** What `PushSubscription.toJSON()` gives: the endpoint and the browser's P-256 key and auth secret. */
export const pushSubscriptionInputSchema = z
  .object({
    endpoint: z
      .string({ error: 'pushEndpointInvalid' })
      .max(2048, { error: 'pushEndpointInvalid' })
      .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
        error: 'pushEndpointInvalid',
      }),
    keys: z
      .object({
        /** The browser's public key, uncompressed P-256 (65 bytes). */
        p256dh: base64url(65, 'pushKeyInvalid'),
        /** The 16-byte authentication secret. */
        auth: base64url(16, 'pushKeyInvalid'),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.output<typeof pushSubscriptionInputSchema>;

/** One of the caller's devices that receives push (never its keys). */
export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  /** The browser and system, as it said when it subscribed. */
  device: z.string().nullable(),
  createdAt: z.string(),
  /** When a push last reached it, if ever. */
  lastPushedAt: z.string().nullable(),
  /**
   * Its endpoint's SHA-256 (libs/domain `pushEndpointDigest`): the browser it belongs to finds
   * itself in the list, and the list shows no endpoint.
   */
  endpointDigest: z.string(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z
  .object({ endpoint: z.string({ error: 'pushEndpointInvalid' }).max(2048) })
  .strict();

/** What a push carries (encrypted for the browser): shown by the service worker as a notification. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Opened on a tap: the screen of what it is about. */
  url: z.string(),
  /** One notification per cause on the device (a newer one replaces it). */
  tag: z.string(),
  /** The reader's language (the notification's direction follows it). */
  lang: z.enum(languages).optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** svc-requests sends pushes from this queue (a job per notification worth pushing). */
export const pushQueueName = 'requests.push';
