import { baseConfigShape } from '@medrelay/service-kit';
import { z } from 'zod';

export const identityConfigShape = {
  ...baseConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  DATABASE_URL: z.string().min(1),
  SMTP_URL: z.string().url(),
  MAIL_FROM: z.string().default('MedRelay <no-reply@medrelay.eg>'),
  /** Where people open the platform; used for links in e-mails. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  /** Failed sign-ins allowed per account and per address within the window before 429. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Run the mail worker in this process (off for instances that should only serve HTTP). */
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
};
export type IdentityConfig = z.infer<z.ZodObject<typeof identityConfigShape>>;
