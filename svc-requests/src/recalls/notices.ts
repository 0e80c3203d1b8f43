import {
  mailQueueName,
  stoppedBySwitch,
  type MailJob,
  type MailTemplate,
  type MessageKey,
  type RecallHoldingEntry,
  type Settings,
} from '@medrelay/contracts';
import {
  recallHoldings,
  recallInstruction,
  recallNoticeRole,
  type RecallInstruction,
  type RecallNoticeRole,
} from '@medrelay/domain/recalls';
import { addToOutbox, type MailSecrets, type PoolClient } from '@medrelay/service-kit';
import { schema, type RequestsContext } from '../context';
import { readHandoverCode } from '../handover/service';
import { addNotifications, type NewNotification } from '../notifications/repo';
import { mailRecipients } from './repo';

/**
 * What the recall notices need besides the event: the settings (e-mail switch), the site's
 * address, and for a lift's pickup-confirmed e-mails the requester's handover code and its seal.
 */
export interface RecallNoticeOptions {
  settings: () => Promise<Settings>;
  publicUrl: string;
  mailSecrets: MailSecrets;
  handoverCodeFor: (db: PoolClient, requestId: number) => Promise<string | null>;
}

/** The recall notices' options from the service's context. */
export const recallNoticeOptions = (ctx: RequestsContext): RecallNoticeOptions => ({
  settings: ctx.settings,
  publicUrl: ctx.config.PUBLIC_URL,
  mailSecrets: ctx.mailSecrets,
  handoverCodeFor: async (db, requestId) => (await readHandoverCode(db, ctx, requestId))?.code ?? null,
});

/** A party to tell, with what it holds (what its notice says and links to). */
export interface RecallAddressee {
  userId: number;
  /** Overrides the role its holdings give (a lift tells requesters and holders apart by what it freed). */
  role?: RecallNoticeRole;
  /**
   * Names a later notice of the same step: a party reached before that gains a holding (an edit
   * put another of its pickups on hold) is told of it under a key of its own.
   */
  part?: string;
  holdings: Pick<RecallHoldingEntry, 'holding' | 'medicineId' | 'medicineName' | 'requestId' | 'quantity'>[];
}

/** Which notice a sending is: the issue, a resend round, or the lift. */
export type RecallStep = { kind: 'issued' } | { kind: 'round'; round: number } | { kind: 'lifted' };

/** The party's role: that of the strongest thing it holds (packs in hand before requests). */
export function roleOf(addressee: RecallAddressee): RecallNoticeRole {
  if (addressee.role) return addressee.role;
  const strongest = recallHoldings.find((h) => addressee.holdings.some((held) => held.holding === h));
  return recallNoticeRole(strongest ?? 'requested');
}

/** The in-app message of a notice: what happened and, for packs in hand, what to do. */
function messageOf(step: RecallStep, role: RecallNoticeRole, instruction: RecallInstruction): MessageKey {
  if (step.kind === 'lifted')
    return role === 'owner'
      ? 'notifyRecallLiftedOwner'
      : role === 'holder'
        ? 'notifyRecallLiftedHolder'
        : 'notifyRecallLiftedRequester';
  if (role === 'owner')
    return instruction === 'donor' ? 'notifyRecallOwnerDonor' : 'notifyRecallOwnerPharmacy';
  if (role === 'holder')
    return instruction === 'pharmacy' ? 'notifyRecallHolderPharmacy' : 'notifyRecallHolderNgo';
  return 'notifyRecallRequesterAction';
}

const titleOf: Record<RecallStep['kind'], MessageKey> = {
  issued: 'notifyRecallQuarantinedTitle',
  round: 'notifyRecallReminderTitle',
  lifted: 'notifyRecallLiftedTitle',
};

const mailTemplateOf = {
  issued: 'recall-quarantined',
  round: 'recall-quarantined',
  lifted: 'recall-lifted',
} as const satisfies Record<RecallStep['kind'], MailTemplate>;

/**
 * The source key of a notice, also its e-mail's idempotency key: recall, step and person. The
 * issue and lift keep the keys they had (with the role); a resend names its round, so each
 * deliberate round sends once and a repeated one sends nothing; a later notice of the issue, for
 * a holding a party gained afterwards, names that holding.
 */
export function noticeKey(
  recallId: number,
  step: RecallStep,
  role: RecallNoticeRole,
  userId: number,
  part?: string,
): string {
  if (step.kind === 'round') return `recall:${recallId}:round:${step.round}:${userId}`;
  const key = `recall:${recallId}:${step.kind}:${role}:${userId}`;
  return part ? `${key}:${part}` : key;
}

/** Where the e-mail leads: the owner's stock, the holder's flagged row, the requester's requests. */
function linkOf(
  publicUrl: string,
  userType: string,
  role: RecallNoticeRole,
  collectedRequest: number | null,
): string {
  if (role === 'owner') return `${publicUrl}/${userType}/${userType === 'donor' ? 'donations' : 'medicines'}`;
  if (role === 'holder' && collectedRequest !== null)
    return `${publicUrl}/${userType}/requests?request=${collectedRequest}`;
  return `${publicUrl}/${userType}/requests`;
}

/**
 * Tells each party of a recall's step, once per step and person: an in-app notice rendered in the
 * reader's language, and an e-mail in theirs (only for notices newly added, so a replay or a
 * repeated round sends nothing). Returns the user ids newly notified.
 */
export async function sendRecallNotices(
  client: PoolClient,
  options: Pick<RecallNoticeOptions, 'settings' | 'publicUrl'>,
  recall: { recallId: number; batch: string; reason: string },
  step: RecallStep,
  addressees: RecallAddressee[],
): Promise<number[]> {
  if (addressees.length === 0) return [];
  const users = new Map(
    (await mailRecipients(client, [...new Set(addressees.map((a) => a.userId))])).map((u) => [u.id, u]),
  );
  const notices = addressees.map((addressee) => {
    const role = roleOf(addressee);
    // Units in hand of this role: the collected ones for a holder, the listing's for an owner.
    const inHand = addressee.holdings.filter((h) =>
      role === 'holder' ? h.holding === 'collected' : role === 'owner' ? h.holding === 'listed' : true,
    );
    const shown = inHand.length ? inHand : addressee.holdings;
    const names = [...new Set(shown.map((h) => h.medicineName ?? ''))].filter(Boolean);
    const userType = users.get(addressee.userId)?.userType ?? 'pharmacy';
    const instruction = recallInstruction(userType as Parameters<typeof recallInstruction>[0]);
    // The notice links to the request behind it (the flagged row for collected units).
    const linked =
      role === 'owner'
        ? undefined
        : (shown.find((h) => h.holding === 'collected' && h.requestId !== null) ??
          shown.find((h) => h.requestId !== null));
    return {
      addressee,
      role,
      instruction,
      names,
      quantity: shown.reduce((sum, h) => sum + h.quantity, 0),
      requestId: linked?.requestId ?? null,
      medicineId: shown[0]?.medicineId ?? null,
      key: noticeKey(recall.recallId, step, role, addressee.userId, addressee.part),
    };
  });
  const added = new Set(
    await addNotifications(
      client,
      notices.map((n): NewNotification => ({
        userId: n.addressee.userId,
        type: step.kind === 'lifted' ? 'recall-lifted' : 'recall-quarantined',
        titleKey: titleOf[step.kind],
        messageKey: messageOf(step, n.role, n.instruction),
        params: {
          // Joined in the reader's language (the notice is rendered in it).
          medicine: n.names.join(users.get(n.addressee.userId)?.language === 'ar' ? '، ' : ', '),
          batch: recall.batch,
          reason: recall.reason,
          quantity: n.quantity,
          recallId: recall.recallId,
        },
        requestId: n.requestId,
        medicineId: n.medicineId,
        sourceKey: n.key,
      })),
    ),
  );
  const fresh = notices.filter((n) => added.has(n.key));
  if (fresh.length === 0) return [];
  const settings = await options.settings();
  // A recall is patient safety: the notifications switch never holds its e-mails back.
  if (settings.emailNotifications || !stoppedBySwitch({ template: mailTemplateOf[step.kind] })) {
    for (const notice of fresh) {
      const user = users.get(notice.addressee.userId);
      if (!user) continue;
      const job: MailJob = {
        idempotencyKey: notice.key,
        template: mailTemplateOf[step.kind],
        to: user.email,
        language: user.language,
        data: {
          systemName: settings.systemName,
          name: user.name,
          role: notice.role,
          instruction: notice.instruction,
          medicines: notice.names.join(user.language === 'ar' ? '، ' : ', '),
          quantity: String(notice.quantity),
          batch: recall.batch,
          reason: recall.reason,
          reminder: step.kind === 'round' ? 'yes' : 'no',
          url: linkOf(options.publicUrl, user.userType, notice.role, notice.requestId),
        },
      };
      await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
    }
  }
  return fresh.map((n) => n.addressee.userId);
}
