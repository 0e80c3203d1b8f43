import { z } from 'zod';
import { listPageFields } from './fields';

export const notificationTypes = [
  'request-new',
  'request-approved',
  'request-rejected',
  'request-cancelled',
  'request-completed',
  'expiry-alert',
  'recall-quarantined',
  'recall-lifted',
  /** A listing matches one of the reader's wanted-list needs; params carry the need id. */
  'need-match',
  /** One of the reader's needs was closed as met by their requests, or opened again; params carry the need id. */
  'need-met',
  'need-reopened',
  'pickup-update',
  'pickup-reminder',
  'pickup-missed',
  'pickup-released',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** A notification (spec §3). Title and message are rendered in the caller's language. */
export const notificationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** What it is about, for a link: the request or medicine id. */
  requestId: z.number().int().nullable(),
  medicineId: z.number().int().nullable(),
  /** A recall notice's recall, so it can be acknowledged from the notification. */
  recallId: z.number().int().nullable().optional(),
  /** A match's suggested quantity to request (what the need still lacks, within the listing). */
  quantity: z.number().int().positive().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z
  .object({
    unread: z
      .enum(['true', 'false', '1', '0'], { error: 'mustBeBoolean' })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
    ...listPageFields,
  })
  .strict();
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;
