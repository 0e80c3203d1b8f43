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
  'pickup-confirmed',
  'pickup-reminder',
  'expiry-digest',
  'recall-quarantined',
  'recall-lifted',
  'need-match-digest',
  'registration-existing-account',
  'account-locked-owner',
  'password-reset',
  'password-changed',
  'email-verification',
  'email-change-requested',
] as const;
export type MailTemplate = (typeof mailTemplates)[number];

/**
 * A pickup as a calendar event (RFC 5545), attached to the e-mail as an .ics file so it lands in
 * the phone's calendar. One uid per pickup window: a later e-mail with a higher `sequence`
 * confirms the chosen window and cancels the others in the calendar that imported them.
 */
export const mailCalendarEventSchema = z.object({
  uid: z.string(),
  start: z.string(),
  end: z.string(),
  summary: z.string(),
  location: z.string(),
  description: z.string(),
  status: z.enum(['tentative', 'confirmed', 'cancelled']),
  sequence: z.number().int().min(0),
  url: z.string().optional(),
});
export type MailCalendarEvent = z.infer<typeof mailCalendarEventSchema>;

/** One e-mail to send. `idempotencyKey` makes a retried or duplicated job send once. */
export const mailJobSchema = z.object({
  idempotencyKey: z.string(),
  template: z.enum(mailTemplates),
  to: z.string(),
  language: z.enum(languages),
  data: z.record(z.string(), z.string()),
  /**
   * Values the e-mail shows that must not sit in clear in queues (a handover code): sealed for
   * the recipient (service-kit mail-secrets.ts), opened by the mail worker into `data`.
   */
  sealed: z.record(z.string(), z.string()).optional(),
  /** Pickup windows to attach as a calendar file (`pickup.ics`). */
  calendar: z.array(mailCalendarEventSchema).optional(),
});
export type MailJob = z.infer<typeof mailJobSchema>;
