import { mailQueueName, type MailJob } from '@medrelay/contracts';
import { receivesMail } from '@medrelay/domain/user-status';
import { addToOutbox, findReadModelUser, type PoolClient, type ReadModelUser } from '@medrelay/service-kit';
import { schema } from '../context';
import { transactionMailsOn } from '../requests/mail-settings';
import { pickupConfirmedMail, pickupOnHoldMail } from '../pickup/mails';
import {
  agreedPickupsAhead,
  countRecallCalendarMessage,
  findPickupRequest,
  medicineName,
  settlementNumber,
  type PickupRequestRow,
} from '../pickup/repo';
import type { RecallNoticeOptions } from './notices';

/** Each party of a request with the other, as the pickup e-mails address them. */
async function partiesOf(client: PoolClient, request: PickupRequestRow) {
  const [owner, requester] = await Promise.all([
    findReadModelUser(client, schema, request.owner_id),
    findReadModelUser(client, schema, request.requester_id),
  ]);
  return [
    { readerRole: 'requester', reader: requester, other: owner },
    { readerRole: 'owner', reader: owner, other: requester },
  ] as const satisfies ReadonlyArray<{
    readerRole: 'requester' | 'owner';
    reader: ReadModelUser | null;
    other: ReadModelUser | null;
  }>;
}

const queueMail = (client: PoolClient, job: MailJob) =>
  addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });

/**
 * Each of these requests whose agreed time is still ahead, counted as one more calendar message
 * (before its sequence is read, so the message outranks the one before), with what its e-mails
 * say and the parties who can receive them. The hold's cancel always (`newlyHeldBy`); the lift's
 * invitation where `mailsOn` (the notifications switch), or where the hold's cancel was the
 * last message: its e-mail, sent whatever the switch says, told the parties an e-mail puts the
 * time back.
 */
async function* agreedPickupsToMessage(
  client: PoolClient,
  requestIds: number[],
  step: { newlyHeldBy: number } | { mailsOn: boolean },
) {
  const newlyHeldBy = 'newlyHeldBy' in step ? step.newlyHeldBy : null;
  for (const { requestId, window, cleared } of await agreedPickupsAhead(client, requestIds, newlyHeldBy)) {
    if ('mailsOn' in step && !step.mailsOn && !cleared) continue;
    const request = (await findPickupRequest(client, requestId))!;
    await countRecallCalendarMessage(client, requestId, newlyHeldBy !== null);
    yield {
      request,
      window,
      sequence: await settlementNumber(client, requestId),
      medicineName: await medicineName(client, request.medicine_id),
      parties: (await partiesOf(client, request)).filter(
        (p): p is typeof p & { reader: ReadModelUser } => p.reader !== null && receivesMail(p.reader.email),
      ),
    };
  }
}

/**
 * A recall has just held these approved requests: where a time agreed is still ahead, both
 * parties' calendars hold it (pickup-confirmed), and nobody may collect then. Each party gets the
 * pickup-on-hold e-mail (not to go, not to hand over, until the lift), whose calendar file
 * cancels the time. A request another recall held already was cleared by that one. Like the
 * recall's own e-mails, these go whatever the notifications switch says (patient safety).
 */
export async function clearHeldPickupsFromCalendars(
  client: PoolClient,
  options: RecallNoticeOptions,
  requestIds: number[],
  recall: { recallId: number; reason: string },
): Promise<void> {
  const settings = await options.settings();
  for await (const pickup of agreedPickupsToMessage(client, requestIds, { newlyHeldBy: recall.recallId })) {
    const { request, window, sequence, medicineName } = pickup;
    for (const { readerRole, reader, other } of pickup.parties) {
      const mail = pickupOnHoldMail({
        request,
        agreed: window,
        sequence,
        medicineName,
        reader,
        readerRole,
        other,
        reason: recall.reason,
        settings,
        publicUrl: options.publicUrl,
      });
      await queueMail(client, mail);
    }
  }
}

/**
 * A recall's lift has freed these approved requests: a time agreed still ahead (its hold cleared
 * it from calendars) is invited to again, with the pickup-confirmed e-mail each party got when it
 * was agreed (the requester's with its handover code); whatever the notifications switch says
 * where the hold's e-mail cancelled it, as that e-mail said. A time that ended during the hold is
 * no longer chosen (`releaseHolds`), so nothing comes back: the parties agree on another.
 */
export async function restoreLiftedPickupsToCalendars(
  client: PoolClient,
  options: RecallNoticeOptions,
  requestIds: number[],
): Promise<void> {
  const settings = await options.settings();
  const mailsOn = transactionMailsOn(settings);
  for await (const pickup of agreedPickupsToMessage(client, requestIds, { mailsOn })) {
    const { request, window, sequence, medicineName } = pickup;
    for (const { readerRole, reader, other } of pickup.parties) {
      const handoverCode =
        readerRole === 'requester' ? await options.handoverCodeFor(client, request.id) : null;
      const mail = pickupConfirmedMail({
        request,
        chosen: window,
        settlement: sequence,
        medicineName,
        reader,
        other,
        handoverCode,
        settings,
        publicUrl: options.publicUrl,
        secrets: options.mailSecrets,
      });
      await queueMail(client, mail);
    }
  }
}
