import { baseConfigShape, sealingKeysField } from '@medrelay/service-kit';
import { z } from 'zod';

/** An optional setting a deployment may pass empty (compose's `${X:-}`): empty means unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const requestsConfigShape = {
  ...baseConfigShape,
  /** The HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /** PostgreSQL (schema `requests`); `npm start` runs an embedded one when unset. */
  DATABASE_URL: z.string().min(1),
  /** svc-catalog, for the calls whose answer must be current (medicine on request, reserve on approval). */
  CATALOG_URL: z.string().url().default('http://127.0.0.1:4002'),
  /**
   * How long a call to svc-catalog may take: longer than the catalog's own 5 s lock wait, so the
   * catalog never commits after we gave up.
   */
  CATALOG_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  /** Shared with svc-catalog for the internal calls. */
  INTERNAL_SECRET: z.string().min(16),
  /** The keyring that seals handover codes at rest and in mail jobs (service-kit sealing.ts); shared with svc-identity. */
  SEALING_KEYS: sealingKeysField,
  /** Where people open the platform; used for links in e-mails. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** How often the match digest job looks for digests due (each user gets at most one an hour). */
  MATCH_DIGEST_EVERY_MS: z.coerce.number().int().positive().default(600_000),
  /**
   * Web push (VAPID, RFC 8292): the key pair pushes are signed with (base64url, as
   * `web-push generate-vapid-keys` prints them). Without them the platform sends no push.
   */
  VAPID_PUBLIC_KEY: unsetWhenEmpty(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key')),
  VAPID_PRIVATE_KEY: unsetWhenEmpty(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key')),
  /** Whom push services may contact about our pushes. */
  VAPID_SUBJECT: z.string().default('mailto:admin@medrelay.eg'),
  /**
   * The push services a subscription's endpoint may name (host names, each also matching its
   * subdomains), so no one can make svc-requests POST to an address of their choosing (an
   * internal one). Unset: the browsers' push services in production, any host elsewhere (tests
   * and local runs use a loopback push service).
   */
  PUSH_SERVICE_HOSTS: unsetWhenEmpty(z.string()),
  /** Run the event consumers and the release worker in this process. */
  WORKERS: z.enum(['on', 'off']).default('on'),
  /**
   * Test-only: a pickup clock the tests move (POST /internal/test/clock). createRequestsService
   * refuses it with NODE_ENV=production.
   */
  TEST_CLOCK: z.enum(['on', 'off']).default('off'),
};
export type RequestsConfig = z.infer<z.ZodObject<typeof requestsConfigShape>>;
