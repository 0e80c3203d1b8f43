import {
  mailQueueName,
  releaseQueueName,
  type MailJob,
  type MailTemplate,
  type MessageKey,
  type NotificationType,
  type RecallEvent,
  type Settings,
} from '@medrelay/contracts';
import { addToOutbox, type PoolClient } from '@medrelay/service-kit';
import { schema } from '../context';
import { addNotifications, type NewNotification } from '../notifications/repo';
import { recordCustody, systemActor } from '../custody/repo';
import {
  cancelPendingOn,
  holdApprovedOn,
  isLifted,
  mailRecipients,
  releaseHolds,
  type TouchedRequest,
} from './repo';

/** What the recall notices need besides the event: the settings (e-mail switch) and the site's address. */
export interface RecallNoticeOptions {
  settings: () => Promise<Settings>;
  publicUrl: string;
}

type Role = 'owner' | 'requester';

/** One notice per person and role for a recall's issue or lift, naming their medicines. */
interface Notice {
  userId: number;
  role: Role;
  medicines: string[];
  medicineId: number;
}

const texts: Record<
  RecallEvent['type'],
  { type: NotificationType; title: MessageKey; message: Record<Role, MessageKey> }
> = {
  'recall.issued': {
    type: 'recall-quarantined',
    title: 'notifyRecallQuarantinedTitle',
    message: { owner: 'notifyRecallQuarantinedOwner', requester: 'notifyRecallQuarantinedRequester' },
  },
  'recall.lifted': {
    type: 'recall-lifted',
    title: 'notifyRecallLiftedTitle',
    message: { owner: 'notifyRecallLiftedOwner', requester: 'notifyRecallLiftedRequester' },
  },
};

const mailTemplateOf: Record<RecallEvent['type'], MailTemplate> = {
  'recall.issued': 'recall-quarantined',
  'recall.lifted': 'recall-lifted',
};

/** Groups (person, medicine) pairs into one notice per person, medicines named once each. */
function noticesFor(pairs: { userId: number; medicineId: number }[], role: Role, names: Map<number, string>) {
  const byUser = new Map<number, Notice>();
  for (const { userId, medicineId } of pairs) {
    const notice = byUser.get(userId) ?? { userId, role, medicines: [], medicineId };
    const name = names.get(medicineId) ?? '';
    if (!notice.medicines.includes(name)) notice.medicines.push(name);
    byUser.set(userId, notice);
  }
  return [...byUser.values()];
}

/**
 * Applies a recall event in svc-requests (inside the inbox's transaction, so once per event):
 * on issue, pending requests on the quarantined listings are cancelled with the recall's reason
 * (their reservations released the normal way, through the outbox) and approved ones held; on
 * lift, this recall's holds go. Owners and requesters concerned are told once per recall each,
 * in-app and by e-mail in their language (source and idempotency keys name recall, step and person).
 * False when there was nothing to do (an issue arriving after its own lift).
 */
export async function applyRecallEvent(
  client: PoolClient,
  event: RecallEvent,
  options: RecallNoticeOptions,
): Promise<boolean> {
  const names = new Map(event.listings.map((l) => [l.medicineId, l.name]));
  const ids = event.listings.map((l) => l.medicineId);
  let owners: { userId: number; medicineId: number }[];
  let touched: TouchedRequest[];
  if (event.type === 'recall.issued') {
    if (await isLifted(client, event.recallId)) return false;
    const cancelled = await cancelPendingOn(client, ids, event.reason);
    for (const request of cancelled) {
      await recordCustody(client, { requestId: request.id, fromStatus: 'pending', actor: systemActor });
      await addToOutbox(client, schema, {
        queue: releaseQueueName,
        name: 'release',
        payload: { requestId: request.id },
      });
    }
    touched = [...cancelled, ...(await holdApprovedOn(client, ids, event.recallId, event.reason))];
    owners = event.listings.map((l) => ({ userId: l.ownerId, medicineId: l.medicineId }));
  } else {
    touched = await releaseHolds(client, event.recallId);
    const restored = new Set(event.restored);
    owners = event.listings
      .filter((l) => restored.has(l.medicineId))
      .map((l) => ({ userId: l.ownerId, medicineId: l.medicineId }));
  }
  const notices = [
    ...noticesFor(owners, 'owner', names),
    ...noticesFor(
      touched.map((r) => ({ userId: r.requesterId, medicineId: r.medicineId })),
      'requester',
      names,
    ),
  ];
  if (notices.length === 0) return true;

  const step = event.type === 'recall.issued' ? 'issued' : 'lifted';
  const keyOf = (n: Notice) => `recall:${event.recallId}:${step}:${n.role}:${n.userId}`;
  const text = texts[event.type];
  const added = new Set(
    await addNotifications(
      client,
      notices.map((n): NewNotification => ({
        userId: n.userId,
        type: text.type,
        titleKey: text.title,
        messageKey: text.message[n.role],
        params: { medicine: n.medicines.join('، '), batch: event.batch, reason: event.reason },
        medicineId: n.medicineId,
        sourceKey: keyOf(n),
      })),
    ),
  );
  // E-mail only what was newly notified: a replayed step (even under a new event id) sends nothing.
  const fresh = notices.filter((n) => added.has(keyOf(n)));
  if (fresh.length === 0) return true;
  const settings = await options.settings();
  if (!settings.emailNotifications) return true;
  const recipients = new Map(
    (await mailRecipients(client, [...new Set(fresh.map((n) => n.userId))])).map((u) => [u.id, u]),
  );
  for (const notice of fresh) {
    const user = recipients.get(notice.userId);
    if (!user) continue;
    const area =
      notice.role === 'owner' ? (user.userType === 'donor' ? 'donations' : 'medicines') : 'requests';
    const job: MailJob = {
      idempotencyKey: keyOf(notice),
      template: mailTemplateOf[event.type],
      to: user.email,
      language: user.language,
      data: {
        systemName: settings.systemName,
        name: user.name,
        role: notice.role,
        medicines: notice.medicines.join(user.language === 'ar' ? '، ' : ', '),
        batch: event.batch,
        reason: event.reason,
        url: `${options.publicUrl}/${user.userType}/${area}`,
      },
    };
    await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
  }
  return true;
}
