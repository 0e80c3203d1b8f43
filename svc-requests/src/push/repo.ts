import type { Language, PushSubscriptionInput, UserType } from '@medrelay/contracts';
import type { Pool, PoolClient } from '@medrelay/service-kit';
import type { NotificationRow } from '../notifications/repo';

type Db = Pool | PoolClient;

export interface SubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string | null;
  created_at: Date;
  last_pushed_at: Date | null;
}

/** Subscribes a device; the same endpoint again (another sign-in on it) is renewed, never doubled. */
export async function saveSubscription(
  db: Db,
  userId: number,
  input: PushSubscriptionInput,
  device: string | null,
): Promise<SubscriptionRow> {
  const { rows } = await db.query<SubscriptionRow>(
    `INSERT INTO requests.push_subscriptions (user_id, endpoint, p256dh, auth, device)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE
       SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
           device = excluded.device
     RETURNING *`,
    [userId, input.endpoint, input.keys.p256dh, input.keys.auth, device],
  );
  return rows[0]!;
}

/** Removes the caller's own subscription of this endpoint (someone else's is not theirs to remove). */
export async function removeSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.query('DELETE FROM requests.push_subscriptions WHERE user_id = $1 AND endpoint = $2', [
    userId,
    endpoint,
  ]);
}

/** Removes one of the caller's devices by its id: false when it is not one of theirs (or gone). */
export async function removeOwnSubscription(db: Db, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM requests.push_subscriptions WHERE id = $1 AND user_id = $2',
    [id, userId],
  );
  return rowCount === 1;
}

/** Whether a device still receives push (its owner may have removed it since the job began). */
export async function isSubscribed(db: Db, subscriptionId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM requests.push_subscriptions WHERE id = $1', [
    subscriptionId,
  ]);
  return rowCount === 1;
}

export async function listSubscriptions(db: Db, userId: number): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    'SELECT * FROM requests.push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC',
    [userId],
  );
  return rows;
}

/** A notification to push, with its reader's language and role, and the devices not yet reached. */
export interface PushWork {
  notification: NotificationRow;
  language: Language;
  /** Null while the users read model has not heard of the reader. */
  userType: UserType | null;
  devices: SubscriptionRow[];
}

export async function pushWork(db: Db, notificationId: number): Promise<PushWork | null> {
  const { rows } = await db.query<
    PushWork['notification'] & { language: Language; user_type: UserType | null }
  >(
    `SELECT n.*, coalesce(u.language, 'en') AS language, u.user_type
       FROM requests.notifications n LEFT JOIN requests.users u ON u.id = n.user_id
      -- Nothing reaches the phone of a suspended account.
      WHERE n.id = $1 AND coalesce(u.status = 'approved', true)`,
    [notificationId],
  );
  const row = rows[0];
  if (!row) return null;
  const devices = await db.query<SubscriptionRow>(
    `SELECT s.* FROM requests.push_subscriptions s
      WHERE s.user_id = $1
        AND NOT EXISTS (SELECT 1 FROM requests.push_deliveries d
                         WHERE d.notification_id = $2 AND d.subscription_id = s.id)
      ORDER BY s.id`,
    [row.user_id, notificationId],
  );
  const { language, user_type, ...notification } = row;
  return { notification, language, userType: user_type, devices: devices.rows };
}

/** The push service took it: this device is not pushed this notification again. */
export async function recordDelivery(db: Db, notificationId: number, subscriptionId: number): Promise<void> {
  await db.query(
    `WITH d AS (
       INSERT INTO requests.push_deliveries (notification_id, subscription_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING)
     UPDATE requests.push_subscriptions SET last_pushed_at = now() WHERE id = $2`,
    [notificationId, subscriptionId],
  );
}

/** The push service says this subscription is gone (404/410): it is dropped. */
export async function dropSubscription(db: Db, subscriptionId: number): Promise<void> {
  await db.query('DELETE FROM requests.push_subscriptions WHERE id = $1', [subscriptionId]);
}
