import { mailQueueName } from '@medrelay/contracts';
import type { RequestParty } from '@medrelay/domain';
import { addToOutbox, findReadModelUser, type PoolClient } from '@medrelay/service-kit';
import { schema, type RequestsContext } from '../context';
import type { MedicineSummary } from '../medicines/repo';
import { transactionMailsOn } from '../requests/mail-settings';
import { mayHoldPickup, pickupCalledOffMail } from './mails';
import { everyWindow, findPickupRequest, settlementNumber } from './repo';

/**
 * Who called an approved pickup off: one of its parties (the requester cancelled, the owner
 * rejected), or the platform, which ended it because that party's account was suspended.
 */
export type CalledOffBy = { party: RequestParty } | { platformFor: RequestParty };

/**
 * Queues the pickup-called-off e-mails of an approved request called off (outbox, in the caller's
 * transaction, after the move is recorded): the other party always (told who called it off, with
 * the calendar file when its calendar may hold the pickup), the party who called it off only when
 * its own calendar may hold it (the e-mail then just clears it). When the platform ended it, the
 * suspended party gets none (it called nothing off and can no longer sign in), and a requester
 * reads the platform, not the owner, as the one who called it off; an owner reads that the
 * requester will not collect, which holds either way.
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
  const [owner, requester] = await Promise.all([
    findReadModelUser(client, schema, request.owner_id),
    findReadModelUser(client, schema, request.requester_id),
  ]);
  const common = {
    request: pickup,
    everyWindow: windows,
    // Above the confirmation's (and a later offer's): read after the call-off is recorded.
    sequence: (await settlementNumber(client, request.id)) + 1,
    medicineName: medicine?.name ?? '',
    settings,
    publicUrl: ctx.config.PUBLIC_URL,
  };
  const byPlatform = 'platformFor' in by;
  const actor = byPlatform ? by.platformFor : by.party;
  for (const [readerRole, reader, other] of [
    ['requester', requester, owner],
    ['owner', owner, requester],
  ] as const) {
    if (!reader) continue;
    const calendar = mayHoldPickup(readerRole, pickup, windows);
    const byReader = readerRole === actor;
    if (byReader && (byPlatform || !calendar)) continue;
    const calledOffBy = byPlatform && readerRole === 'requester' ? settings.systemName : undefined;
    const job = pickupCalledOffMail({
      ...common,
      reader,
      readerRole,
      byReader,
      other,
      calendar,
      calledOffBy,
    });
    await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
  }
}
