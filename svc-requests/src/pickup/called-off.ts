import { mailQueueName } from '@medrelay/contracts';
import type { RequestParty } from '@medrelay/domain';
import { receivesMail } from '@medrelay/domain/user-status';
import { addToOutbox, findReadModelUser, type PoolClient } from '@medrelay/service-kit';
import { schema, type RequestsContext } from '../context';
import type { MedicineSummary } from '../medicines/repo';
import { transactionMailsOn } from '../requests/mail-settings';
import { pickupCalledOffMail } from './mails';
import { everyWindow, findPickupRequest, lastAgreedWindow, settlementNumber } from './repo';

/**
 * Who called an approved pickup off: one of its parties (the requester cancelled, the owner
 * rejected), or the platform, which ended it because that party's account was suspended, or
 * released it (the agreed time missed, or none agreed in time: the no-show sweep).
 */
export type CalledOffBy =
  { party: RequestParty } | { platformFor: RequestParty } | { released: 'missed' | 'unsettled' };

/**
 * Queues the pickup-called-off e-mails of an approved request called off (outbox, in the caller's
 * transaction, after the move is recorded): the other party always (told who called it off, with
 * the calendar file that cancels the pickup when a time was ever agreed, as calendars then hold
 * it), the party who called it off only when its own calendar may hold it (the e-mail then just
 * clears it). A release by the platform e-mails only parties whose calendars may hold the pickup
 * (the in-app notice tells everyone), saying why it was released. When the platform ended it on a
 * suspension, the other party reads why: that party's account is no longer active on MedRelay
 * (nothing more), and what to do (the requester: not to go, and to request elsewhere; the owner:
 * not to wait, the units being back on offer). The suspended party reads that its pickup is off
 * because its own account is no longer active, so it neither goes nor waits (its calendar cleared
 * too); not at an address that can receive no mail (a deleted account's, under `.invalid`,
 * RFC 2606).
 */
export async function queueCalledOffMails(
  ctx: Pick<RequestsContext, 'settings' | 'config'>,
  client: PoolClient,
  request: { id: number; owner_id: number; requester_id: number },
  by: CalledOffBy,
  medicine: Pick<MedicineSummary, 'name'> | null,
): Promise<void> {
  const settings = await ctx.settings();
  if (!transactionMailsOn(settings)) return;
  const pickup = (await findPickupRequest(client, request.id))!;
  const windows = await everyWindow(client, request.id);
  // Both parties' calendars got the time agreed with pickup-confirmed; none before that.
  const agreed = await lastAgreedWindow(client, request.id);
  const [owner, requester] = await Promise.all([
    findReadModelUser(client, schema, request.owner_id),
    findReadModelUser(client, schema, request.requester_id),
  ]);
  const common = {
    request: pickup,
    everyWindow: windows,
    // Above the confirmation's (and a later offer's): read after the call-off is recorded.
    sequence: await settlementNumber(client, request.id),
    medicineName: medicine?.name ?? '',
    settings,
    publicUrl: ctx.config.PUBLIC_URL,
  };
  for (const [readerRole, reader, other] of [
    ['requester', requester, owner],
    ['owner', owner, requester],
  ] as const) {
    if (!reader) continue;
    const byReader = 'party' in by && readerRole === by.party;
    if ((byReader || 'released' in by) && !agreed) continue;
    const inactive = 'platformFor' in by ? (readerRole === by.platformFor ? 'reader' : 'other') : undefined;
    if (inactive === 'reader' && !receivesMail(reader.email)) continue;
    const job = pickupCalledOffMail({
      ...common,
      reader,
      readerRole,
      byReader,
      other,
      agreed,
      inactive,
      released: 'released' in by ? by.released : undefined,
    });
    await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
  }
}
