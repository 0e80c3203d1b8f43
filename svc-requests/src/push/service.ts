import {
  translate,
  type Language,
  type MessageKey,
  type Notification,
  type PushPayload,
} from '@medrelay/contracts';
import { notificationLink } from '@medrelay/domain';
import { whenStoresAnswer, type Pool } from '@medrelay/service-kit';
import type { Logger } from 'pino';
import webpush from 'web-push';
import { noticeParams, toNotification, type NotificationRow } from '../notifications/repo';
import { dropSubscription, isSubscribed, pushWork, recordDelivery } from './repo';

/** The server's VAPID identity (RFC 8292): push services accept pushes signed with it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who push services may contact about our pushes (a mailto: or https: URL). */
  subject: string;
}

/**
 * A push is read on a lock screen, by whoever holds the phone: the texts that name a pickup's place
 * or the other party's phone are pushed without them (the bell and e-mail keep them).
 */
const lockScreenMessages: Partial<Record<MessageKey, MessageKey>> = {
  notifyPickupReminder: 'notifyPickupReminderPush',
};

function lockScreenText(row: NotificationRow, language: Language): string | null {
  const key = lockScreenMessages[row.message_key as MessageKey];
  return key ? translate(key, language, noticeParams(row.params, language)) : null;
}

/**
 * One notification per cause on the device, a newer one replacing the older (a pickup time
 * changed twice leaves only the latest): what happened to a request, or of one kind to a listing.
 */
function pushTag(n: Notification): string {
  if (n.requestId !== null) return `request-${n.requestId}`;
  if (n.medicineId !== null) return `${n.type}-${n.medicineId}`;
  return `notification-${n.id}`;
}

/** How long a push service keeps a push for a device that is off: a day, then it is moot. */
const timeToLiveSeconds = 24 * 3600;

/**
 * Pushes one notification to each of its reader's devices not reached yet, in their language,
 * with the screen it opens. A device the push service says is gone (404, 410) is dropped; any
 * other failure fails the job after trying every device, so it is retried for those only (the
 * ones reached are recorded and skipped). A device removed meanwhile is skipped. The payload is
 * encrypted for each device (RFC 8291).
 */
export async function pushNotification(
  pool: Pool,
  vapid: VapidKeys,
  notificationId: number,
  logger: Logger,
): Promise<{ sent: number; dropped: number }> {
  const work = await pushWork(pool, notificationId);
  if (!work) return { sent: 0, dropped: 0 };
  const shown = toNotification(work.notification, work.language);
  const payload: PushPayload = {
    title: shown.title,
    body: lockScreenText(work.notification, work.language) ?? shown.message,
    url: work.userType ? notificationLink(shown, work.userType) : '/',
    tag: pushTag(shown),
    lang: work.language,
  };
  let sent = 0;
  let dropped = 0;
  const failures: string[] = [];
  for (const device of work.devices) {
    // Removed in settings since the job began (a push to one device can take seconds): no push
    // starts to a device after its removal was answered.
    if (!(await isSubscribed(pool, device.id))) continue;
    try {
      // web-push encrypts (RFC 8291) and signs (VAPID); the POST is ours, so a push service is
      // reached like any other upstream (the library's own request speaks HTTPS only).
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        { vapidDetails: vapid, TTL: timeToLiveSeconds, urgency: 'high', contentEncoding: 'aes128gcm' },
      );
      const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string>;
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(10_000),
      });
      if (!answer.ok)
        throw Object.assign(new Error(`push service answered ${answer.status}`), {
          statusCode: answer.status,
        });
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await dropSubscription(pool, device.id);
        dropped++;
      } else {
        failures.push(`${device.id}: ${status ?? (err as Error).message}`);
      }
      continue;
    }
    // Reached: recorded whatever it takes (PostgreSQL blinking here would otherwise count the
    // device as failed, and the retry would show the person the same notification twice).
    await whenStoresAnswer(
      'record a push delivered',
      () => recordDelivery(pool, notificationId, device.id),
      logger,
    );
    sent++;
  }
  if (failures.length) {
    logger.warn({ notificationId, failures }, 'push not taken by every device; it is tried again');
    throw new Error(`push ${notificationId} failed for ${failures.length} device(s)`);
  }
  return { sent, dropped };
}
