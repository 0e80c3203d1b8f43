import { useRef, useState } from 'react';
import { Button, useRestoreFocusTarget } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useChangeRequestStatus } from '@medrelay/api-client';
import type { MedicineRequest, RequestStatusUpdateInput } from '@medrelay/contracts';
import { requestMovesFor } from '@medrelay/domain/requests';
import { ConfirmDialog } from '../components/confirm-dialog';
import { focusAfterLeaving } from '../components/focus-landing';
import { useNotify } from '../use-notify';
import { offerDraft, rememberOffer } from '../pickup/last-offer';
import { PickupOfferDialog } from '../pickup/offer-dialog';
import { useRemote } from '../role-app';
import { ApprovalTotal } from './request-price';
import { UnitsToApprove, useUnitsToApprove } from './units-to-approve';

/** Changes a request's status with the toasts of spec §8. */
export function useRequestStatusChange(successTitle?: string) {
  const { t } = useTranslation('common');
  const notify = useNotify();
  const mutation = useChangeRequestStatus();
  /** `quiet`: the caller says what happened itself. */
  const change = async (id: number, update: RequestStatusUpdateInput, { quiet = false } = {}) => {
    try {
      await mutation.mutateAsync({ id, ...update });
      if (!quiet) notify.success(successTitle ?? t('toast.requestUpdated'));
      return true;
    } catch (error) {
      notify.failure(t('toast.requestUpdateFailed'), error, t('toast.requestUpdateError'));
      return false;
    }
  };
  return { change, isPending: mutation.isPending };
}

/**
 * The owner's answer to a pending request: Approve, in one dialog that says the total approved
 * (units × the listing's price now, or free) and offers the pickup windows (filled with the
 * owner's last offer; required for donations, spec §5), or Reject.
 */
export function OwnerRequestActions({
  request,
  labels,
  successTitle,
}: {
  request: MedicineRequest;
  labels: { approve: string; reject: string };
  successTitle?: string;
}) {
  const { change, isPending } = useRequestStatusChange(successTitle);
  const { user } = useRemote();
  const [approving, setApproving] = useState(false);
  const approveButton = useRef<HTMLButtonElement>(null);
  // The dialog opens without a DialogTrigger: this gives focus back to Approve when it is dismissed.
  const restoreFocus = useRestoreFocusTarget();
  // Fewer units left than asked (another approval took some): approve what is left, or fewer.
  const left = request.medicine?.quantity ?? request.quantity;
  const short = left > 0 && left < request.quantity;
  const fewer = useUnitsToApprove(request.quantity, left);
  const units = short ? fewer.units : request.quantity;
  // The buttons are the owner's moves in the domain's transition table (the server's own).
  const moves = requestMovesFor(request.status, 'owner');
  // Once approved, the owner's only status move is to call the pickup off.
  if (request.status === 'approved') return <CallOffPickup request={request} />;
  if (!moves.length) return null;
  const name = request.medicine?.name ?? '';
  const donation = request.medicine?.source === 'donor';
  const decide = async (update: RequestStatusUpdateInput) => {
    const moveFocus = focusAfterLeaving(approveButton.current);
    const done = await change(request.id, update);
    if (done) moveFocus();
    return done;
  };
  return (
    <>
      {moves.includes('approved') && (
        <Button
          ref={approveButton}
          appearance="primary"
          disabled={isPending}
          onClick={() => {
            fewer.reset();
            setApproving(true);
          }}
          aria-label={`${labels.approve}: ${name}`}
          {...restoreFocus}
        >
          {labels.approve}
        </Button>
      )}
      {moves.includes('rejected') && (
        <Button
          disabled={isPending}
          onClick={() => void decide({ status: 'rejected' })}
          aria-label={`${labels.reject}: ${name}`}
        >
          {labels.reject}
        </Button>
      )}
      {approving && (
        <PickupOfferDialog
          mode="approve"
          windowsRequired={donation}
          defaults={offerDraft(user.id, user.profile?.address ?? '', { windowsRequired: donation })}
          busy={isPending}
          summary={
            <>
              {short && <UnitsToApprove {...fewer.field} />}
              <ApprovalTotal request={{ ...request, quantity: units }} />
            </>
          }
          onClose={() => setApproving(false)}
          onSubmit={async (offer) => {
            if (short && !fewer.check()) return;
            const part = units < request.quantity ? { quantity: units } : {};
            const approval = offer
              ? { status: 'approved' as const, pickup: offer }
              : { status: 'approved' as const };
            if (!(await decide({ ...approval, ...part }))) return;
            if (offer) rememberOffer(user.id, offer);
            setApproving(false);
          }}
        />
      )}
    </>
  );
}

/**
 * The requester's moves: Cancel Request while pending; once approved, Mark as Collected and
 * Cancel Pickup (it will not come after all). Each is final, so each asks first (as unlisting and
 * approving do), and each toast says what happened.
 */
export function RequesterRequestActions({
  request,
  labels,
}: {
  request: MedicineRequest;
  labels: { cancel: string; collected: string };
}) {
  const { t } = useTranslation('common');
  const notify = useNotify();
  const { change, isPending } = useRequestStatusChange();
  const collectedButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const name = request.medicine?.name ?? t('request.unknown');
  const approved = request.status === 'approved';
  const act = async (status: 'cancelled' | 'completed') => {
    const moveFocus = focusAfterLeaving((status === 'completed' ? collectedButton : cancelButton).current);
    const done = await change(request.id, { status }, { quiet: true });
    if (!done) return;
    moveFocus();
    if (status === 'completed')
      notify.success(t('toast.markedCollected'), t('toast.markedCollectedBody', { name }));
    else if (approved)
      notify.success(t('request.pickupCalledOff'), t('request.pickupCalledOffBody', { name }));
    else notify.success(t('toast.requestCancelled'), t('toast.requestCancelledBody', { name }));
  };
  // The requester's moves in the domain's transition table.
  const moves = requestMovesFor(request.status, 'requester');
  const cancelLabel = approved ? t('request.cancelPickup') : labels.cancel;
  // A pickup a recall holds: its units stay off the market, not "back on offer".
  const cancelBody = !approved
    ? 'request.confirmCancelBody'
    : request.recallHold === null
      ? 'request.confirmCancelPickupBody'
      : 'request.confirmCancelHeldPickupBody';
  return (
    <>
      {/* A recall holds the pickup: nothing changes hands until it is lifted (409 REQUEST_ON_HOLD). */}
      {moves.includes('completed') && !request.recallHold && (
        <ConfirmDialog
          trigger={
            // Secondary: the handover code beside it is the way that needs no second word.
            <Button ref={collectedButton} disabled={isPending} aria-label={`${labels.collected}: ${name}`}>
              {labels.collected}
            </Button>
          }
          title={t('request.confirmCollectedTitle')}
          body={t('request.confirmCollectedBody', { name })}
          confirmLabel={t('request.confirmCollected')}
          dismissLabel={t('request.notYet')}
          onConfirm={() => void act('completed')}
        />
      )}
      {moves.includes('cancelled') && (
        <ConfirmDialog
          trigger={
            <Button ref={cancelButton} disabled={isPending} aria-label={`${cancelLabel}: ${name}`}>
              {cancelLabel}
            </Button>
          }
          title={t(approved ? 'request.confirmCancelPickupTitle' : 'request.confirmCancelTitle')}
          body={t(cancelBody, { name })}
          confirmLabel={cancelLabel}
          dismissLabel={t(approved ? 'request.keepPickup' : 'request.keepRequest')}
          onConfirm={() => void act('cancelled')}
        />
      )}
    </>
  );
}

/**
 * The owner's Call Off Pickup on an approved request it cannot hand over after all (damaged,
 * gone): asks first, then the requester is told not to come and the units are released.
 */
export function CallOffPickup({ request }: { request: MedicineRequest }) {
  const { t } = useTranslation('common');
  const notify = useNotify();
  const { change, isPending } = useRequestStatusChange();
  const button = useRef<HTMLButtonElement>(null);
  if (request.status !== 'approved' || !requestMovesFor(request.status, 'owner').includes('rejected'))
    return null;
  const name = request.medicine?.name ?? t('request.unknown');
  const callOff = async () => {
    const moveFocus = focusAfterLeaving(button.current);
    if (!(await change(request.id, { status: 'rejected' }, { quiet: true }))) return;
    moveFocus();
    notify.success(t('request.handoverCalledOff'), t('request.handoverCalledOffBody', { name }));
  };
  return (
    <ConfirmDialog
      trigger={
        <Button ref={button} disabled={isPending} aria-label={`${t('request.callOff')}: ${name}`}>
          {t('request.callOff')}
        </Button>
      }
      title={t('request.confirmCallOffTitle')}
      body={t(request.recallHold === null ? 'request.confirmCallOffBody' : 'request.confirmCallOffHeldBody', {
        name,
      })}
      confirmLabel={t('request.callOff')}
      dismissLabel={t('request.keepPickup')}
      onConfirm={() => void callOff()}
    />
  );
}
