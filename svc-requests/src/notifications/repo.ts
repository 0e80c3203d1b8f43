import {
  isMessageKey,
  translate,
  type Language,
  type MessageKey,
  type Notification,
  type NotificationType,
} from '@medrelay/contracts';
import { formatPickupWindow, pushedNotificationTypes, pushedOnlyForUrgentNeeds } from '@medrelay/domain';
import { pushQueueName } from '@medrelay/contracts';
import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

export interface NewNotification {
  userId: number;
  type: NotificationType;
  titleKey: MessageKey;
  messageKey: MessageKey;
  params: Record<string, string | number>;
  requestId?: number | null;
  medicineId?: number | null;
  /** What caused it, unique: the same cause never notifies twice. */
  sourceKey: string;
}

/**
 * Adds notifications in one statement; a cause already notified is skipped. Returns the source
 * keys actually added (what is new, e.g. to send its e-mail once). In the same statement, each
 * new one worth pushing (libs/domain isPushed) to a reader with a device that receives push gets
 * its push job in the outbox, with an id of its own: every notification, from any module, is
 * pushed once.
 */
export async function addNotifications(db: Db, list: NewNotification[]): Promise<string[]> {
  if (list.length === 0) return [];
  const { rows } = await db.query<{ source_key: string }>(
    `WITH added AS (
       INSERT INTO requests.notifications
         (user_id, type, title_key, message_key, params, request_id, medicine_id, source_key)
       SELECT n."userId", n."type", n."titleKey", n."messageKey", n."params", n."requestId", n."medicineId",
              n."sourceKey"
         FROM jsonb_to_recordset($1::jsonb) AS n(
                "userId" int, "type" text, "titleKey" text, "messageKey" text, "params" jsonb,
                "requestId" int, "medicineId" int, "sourceKey" text)
       ON CONFLICT (source_key) DO NOTHING
       RETURNING id, user_id, type, params, source_key
     ), pushed AS (
       INSERT INTO requests.outbox (id, queue, job_name, payload)
       SELECT md5('push:' || a.id)::uuid, $2, 'notification', jsonb_build_object('notificationId', a.id)
         FROM added a
        WHERE a.type = ANY($3::text[])
          AND (a.type <> ALL($4::text[]) OR EXISTS (
                SELECT 1 FROM requests.needs nd
                 WHERE nd.id = (a.params->>'needId')::int AND nd.urgency = 'urgent'))
          AND EXISTS (SELECT 1 FROM requests.push_subscriptions s WHERE s.user_id = a.user_id)
     )
     SELECT source_key FROM added`,
    [JSON.stringify(list), pushQueueName, pushedNotificationTypes, pushedOnlyForUrgentNeeds],
  );
  return rows.map((r) => r.source_key);
}

export const addNotification = async (db: Db, n: NewNotification): Promise<void> => {
  await addNotifications(db, [n]);
};

/** A row of requests.notifications, as the bell and the pushes read it. */
export interface NotificationRow {
  id: number;
  user_id: number;
  type: NotificationType;
  title_key: string;
  message_key: string;
  params: Record<string, string | number>;
  request_id: number | null;
  medicine_id: number | null;
  is_read: boolean;
  created_at: Date;
}

/**
 * A notice's parameters for its reader: a pickup window stored as its instants reads as the
 * e-mails and the screens write it, in the reader's language ("Monday, November 30, 2026 ·
 * 10:00–12:00"); notices stored before keep the short form they were given (`when`).
 */
export function noticeParams(params: Record<string, string | number>, language: Language) {
  const { whenStartsAt: startsAt, whenEndsAt: endsAt } = params;
  if (typeof startsAt !== 'string' || typeof endsAt !== 'string') return params;
  return { ...params, when: formatPickupWindow(startsAt, endsAt, language) };
}

const render = (key: string, language: Language, params: Record<string, string | number>) =>
  isMessageKey(key) ? translate(key, language, noticeParams(params, language)) : key;

export function toNotification(row: NotificationRow, language: Language): Notification {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    title: render(row.title_key, language, row.params),
    message: render(row.message_key, language, row.params),
    isRead: row.is_read,
    createdAt: row.created_at.toISOString(),
    requestId: row.request_id,
    medicineId: row.medicine_id,
    // A recall notice names its recall, so it can be acknowledged from the notification.
    ...(typeof row.params.recallId === 'number' ? { recallId: row.params.recallId } : {}),
    // A match suggests how many to ask for, so its link opens the request with that quantity.
    ...(row.type === 'need-match' && Number(row.params.take) > 0
      ? { quantity: Number(row.params.take) }
      : {}),
  };
}

/** One page, newest first (id breaks ties), the total of the list asked for and the unread count. */
export async function listNotifications(
  db: Db,
  userId: number,
  query: { unread?: boolean | undefined; page: number; pageSize: number },
) {
  const filter = `user_id = $1 ${query.unread ? 'AND NOT is_read' : ''}`;
  const { rows } = await db.query<NotificationRow>(
    `SELECT * FROM requests.notifications WHERE ${filter}
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const counts = await db.query<{ unread: number; total: number }>(
    `SELECT count(*) FILTER (WHERE NOT is_read)::int AS unread,
            count(*) FILTER (WHERE ${query.unread ? 'NOT is_read' : 'true'})::int AS total
       FROM requests.notifications WHERE user_id = $1`,
    [userId],
  );
  return { rows, ...counts.rows[0]! };
}

export async function markRead(db: Db, userId: number, id: number): Promise<NotificationRow | null> {
  const { rows } = await db.query<NotificationRow>(
    'UPDATE requests.notifications SET is_read = true WHERE id = $1 AND user_id = $2 RETURNING *',
    [id, userId],
  );
  return rows[0] ?? null;
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const { rowCount } = await db.query(
    'UPDATE requests.notifications SET is_read = true WHERE user_id = $1 AND NOT is_read',
    [userId],
  );
  return rowCount ?? 0;
}
