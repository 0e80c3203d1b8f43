import { baseConfigShape, sealingKeysField } from '@medrelay/service-kit';
import { z } from 'zod';

export const identityConfigShape = {
  ...baseConfigShape,
  /** The HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  /** PostgreSQL (schema `identity`); `npm start` runs an embedded one when unset. */
  DATABASE_URL: z.string().min(1),
  /** Where the mail worker sends e-mail; `npm start` runs a local sink (`var/mail/*.eml`) when unset. */
  SMTP_URL: z.string().url(),
  /** The sender of every e-mail. */
  MAIL_FROM: z.string().default('MedRelay <no-reply@medrelay.eg>'),
  /** Where people open the platform; used for links in e-mails. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** The private key that signs session tokens (PEM inline or a file path); only svc-identity holds it. */
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  /**
   * Sign-in throttling (auth/lockout.ts): failures one address may make on one account before
   * it must wait; the first wait, doubling with each further failure up to the maximum; how long
   * those failures are remembered.
   */
  LOGIN_FREE_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_DELAY_BASE_SECONDS: z.coerce.number().int().positive().default(30),
  LOGIN_DELAY_MAX_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_FAILURE_MEMORY_SECONDS: z.coerce.number().int().positive().default(86_400),
  /** Failures on one account from all addresses within the window that lock it everywhere (and tell the admin). */
  LOGIN_LOCK_FAILURES: z.coerce.number().int().positive().default(50),
  LOGIN_LOCK_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().positive().default(3600),
  /** The administrator's registration notices: at most one digest e-mail per this many seconds. */
  REGISTRATION_DIGEST_SECONDS: z.coerce.number().int().positive().default(900),
  /** How often an instance checks whether a digest is due. */
  REGISTRATION_DIGEST_CHECK_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * How often identity checks that Redis still holds the revocations (the marker, the same Redis
   * process) and, if not, rebuilds them from PostgreSQL; token checks answer 503 until then.
   */
  REVOCATION_CHECK_MS: z.coerce.number().int().positive().default(2000),
  /** How long e-mailed links work: a password reset, an e-mail address proof, opening a locked account. */
  PASSWORD_RESET_MINUTES: z.coerce.number().int().positive().default(30),
  EMAIL_VERIFICATION_HOURS: z.coerce.number().int().positive().default(72),
  UNLOCK_LINK_HOURS: z.coerce.number().int().positive().default(24),
  /**
   * E-mailed links asked for: calls per address an hour (429 past it); reset or unlock e-mails
   * (each kind apart) an account gets an hour asked from one address, and in all (more: not sent).
   */
  LINK_REQUESTS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  LINK_MAILS_PER_ACCOUNT_ADDRESS: z.coerce.number().int().positive().default(3),
  LINK_MAILS_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** The passkeys' relying party: a domain the sign-in pages are on (default: PUBLIC_URL's host). */
  WEBAUTHN_RP_ID: z.string().min(1).optional(),
  /** Opens the secrets sealed into mail jobs (handover codes); the same keyring as svc-requests'. */
  SEALING_KEYS: sealingKeysField,
  /** Run the mail worker in this process (off for instances that should only serve HTTP). */
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
};
export type IdentityConfig = z.infer<z.ZodObject<typeof identityConfigShape>>;
