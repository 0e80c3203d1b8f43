import { z } from 'zod';
import { languages } from './languages';

export const mailQueueName = 'mail';

export const mailTemplates = [
  'registration-received',
  'account-approved',
  'account-rejected',
  'account-suspended',
  'account-reactivated',
  'admin-new-registration',
  'admin-registration-digest',
  'admin-account-locked',
  'request-approved',
  'pickup-reminder',
  'expiry-digest',
  'recall-quarantined',
  'recall-lifted',
  'need-match-digest',
] as const;
export type MailTemplate = (typeof mailTemplates)[number];

/** One e-mail to send. `idempotencyKey` makes a retried or duplicated job send once. */
export const mailJobSchema = z.object({
  idempotencyKey: z.string(),
  template: z.enum(mailTemplates),
  to: z.string(),
  language: z.enum(languages),
  data: z.record(z.string(), z.string()),
});
export type MailJob = z.infer<typeof mailJobSchema>;
