import { z } from 'zod';
import { queryInt } from './fields';
import { userTypes } from './roles';

/** Report time ranges (spec §2 reports, §9): the last 7, 30, 90 or 365 days. */
export const reportRanges = [7, 30, 90, 365] as const;
export const defaultReportRange = 30;

/**
 * Query of every admin statistics route: `days` counts only what was created in the last N
 * days (the spec's selector filters nothing; ours does). Absent means all time.
 */
export const statsQuerySchema = z
  .object({
    days: queryInt(1, 3650).optional(),
  })
  .strict();
export type StatsQuery = z.output<typeof statsQuerySchema>;

/** What happened, newest first, on the admin dashboard (registrations, reviews, listings, requests). */
export const activityKinds = [
  'user.registered',
  'user.approved',
  'user.rejected',
  /** Rejected after an approval: suspended. */
  'user.suspended',
  /** An administrator (the actor) removed a user's (the subject's) two-factor sign-in. */
  'user.two-factor-reset',
  'medicine.listed',
  'medicine.donated',
  'request.created',
  'request.approved',
  'request.rejected',
  'request.completed',
  'request.cancelled',
  /** Ended by the platform itself: a no-show released, a recall or a suspension. */
  'request.ended',
  /** The owner said a collection the requester marked did not happen. */
  'request.disputed',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const activitySchema = z.object({
  /** Unique across services: `<kind>:<row id>`. */
  id: z.string(),
  kind: z.enum(activityKinds),
  at: z.string(),
  /** Who did it (the registering user, the owner, the requester), when known. */
  actor: z.string().nullable(),
  actorType: z.enum(userTypes).nullable(),
  /** What it was about (a medicine's name), when not the actor itself. */
  subject: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityQuerySchema = z
  .object({
    limit: queryInt(1, 50).default(10),
  })
  .strict();
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** GET /api/admin/activity: the merged list, and which services did not answer. */
export const activityFeedSchema = z.object({
  items: z.array(activitySchema),
  unavailable: z.array(z.enum(['identity', 'catalog', 'requests'])),
});
export type ActivityFeed = z.infer<typeof activityFeedSchema>;

/** What each service's activity query selects (the same columns everywhere). */
export interface ActivityRow {
  id: number;
  kind: ActivityKind;
  at: Date;
  actor: string | null;
  actor_type: (typeof userTypes)[number] | null;
  subject: string | null;
}

/** One activity entry from its row; the id is unique across services and repeated decisions. */
export function activityFromRow(row: ActivityRow): Activity {
  return {
    id: `${row.kind}:${row.id}:${row.at.getTime()}`,
    kind: row.kind,
    at: row.at.toISOString(),
    actor: row.actor,
    actorType: row.actor_type,
    subject: row.subject,
  };
}
