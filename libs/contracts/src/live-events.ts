import { z } from 'zod';

/**
 * What changed, in the words of the screens that show it: a request (status, chosen window,
 * pickup details, a recall hold), its pickup windows, the user's notifications (recall notices
 * arrive as notifications), their wanted list, the matches of one of their needs, a recall, the
 * user's own account (an administrator decided on its pharmacist's licence), and, for
 * administrators, the accounts and licences waiting for review.
 */
export const liveEventKinds = [
  'request',
  'pickup',
  'notification',
  'needs',
  'matches',
  'recall',
  'account',
  'users',
] as const;
export type LiveEventKind = (typeof liveEventKinds)[number];

/**
 * One event of the live stream (GET /api/events), sent only to the users it concerns. A hint,
 * never data: the browser refetches what it may see through the normal API, so nothing personal
 * travels here and a stale or repeated event costs one refetch. `id` names the request (request,
 * pickup), need (needs, matches) or recall when there is one.
 */
export const liveEventSchema = z.object({
  kind: z.enum(liveEventKinds),
  id: z.number().int().positive().optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** Redis pub/sub channels of live events: one per user, published by the services' outbox relays. */
/**
 * A browser replaces a stream that brought nothing, not even a heartbeat, for this long (dead
 * though never closed: a host gone, a network cut without a FIN). The gateway's heartbeat must
 * come well within it (at most half: `LIVE_HEARTBEAT_MS` is bounded by it).
 */
export const liveSilenceMs = 50_000;

/**
 * Names one browser's stream across its reconnections (random, made when it starts): a stream
 * with the same name replaces the one the gateway still holds for it (its connection cut without
 * a FIN lingers there for minutes), so a browser never stands in its own way.
 */
export const liveStreamHeader = 'x-live-stream';

export const liveChannels = {
  /** What every live channel starts with; the user id follows it. */
  prefix: (prefix: string) => `${prefix}:live:`,
  user: (prefix: string, userId: number) => `${prefix}:live:${userId}`,
};
