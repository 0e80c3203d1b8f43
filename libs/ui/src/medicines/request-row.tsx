import type { ReactNode } from 'react';
import { Badge, Link, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { MedicineRequest, Transaction } from '@medrelay/contracts';
import { formatPickupWindow } from '@medrelay/domain/formats';
import { useFormat } from '@medrelay/i18n';
import { usePlaceLabel } from '../location/place-label';
import { RecallQuarantineNote } from '../recalls/recall-notice';
import { QuarantineBadge, RequestStatusBadge } from './badges';
import { ContactInfo } from './contact-info';
import { HandoverActions } from './handover';
import { HandoverStateBadge } from './handover-state';
import { isLinkedItem, ItemCard, useItemTextStyles } from './item-card';
import { RequestPrice } from './request-price';

export interface RequestRowProps {
  request: MedicineRequest;
  /** Owners see who asked; requesters see who offers it. */
  counterpart: 'requester' | 'provider';
  pendingWording?: 'pending' | 'pendingReview';
  actions?: ReactNode;
  /** Extra lines under the request (pickup details, notes about its state). */
  children?: ReactNode;
}

/**
 * One request (spec §2): medicine, the other party (or 'Unknown'), quantity, when, what it costs
 * (units × per unit = total, agreed or current), notes, status, and once approved the other
 * party's contact (phone and WhatsApp).
 */
export function RequestRow({ request, counterpart, pendingWording, actions, children }: RequestRowProps) {
  const styles = useItemTextStyles();
  const { t } = useTranslation('common');
  const format = useFormat();
  const other = request[counterpart];
  // A private donor's name comes with the approval: "From a donor" until then.
  const party = other?.name ?? t(other?.userType === 'donor' ? 'request.aDonor' : 'request.unknown');
  const medicineName = request.medicine?.name ?? t('request.unknown');
  return (
    <ItemCard
      linked={isLinkedItem('request', request.id)}
      testId="request-row"
      title={medicineName}
      badges={
        <>
          <RequestStatusBadge
            status={request.status}
            calledOff={request.calledOff}
            pendingWording={pendingWording}
          />
          <HandoverStateBadge request={request} />
          {request.status === 'approved' && request.recallHold !== null && (
            <Badge appearance="filled" color="danger" data-testid="recall-hold">
              {t('request.onHold')}
            </Badge>
          )}
          {/* Collected units of a recalled batch: the listing's "Recalled — quarantined". */}
          <QuarantineBadge medicine={{ quarantined: Boolean(request.recallQuarantine) }} />
        </>
      }
      actions={
        <>
          {actions}
          <HandoverActions request={request} />
        </>
      }
    >
      <Text className={styles.muted}>
        {t(counterpart === 'requester' ? 'request.requester' : 'request.provider', { name: party })} ·{' '}
        {t('medicine.units', { count: request.quantity })}
        {(request.askedQuantity ?? request.quantity) > request.quantity &&
          ` ${t('request.ofAsked', { units: t('medicine.units', { count: request.askedQuantity }) })}`}{' '}
        ·{' '}
        <time dateTime={request.createdAt} title={format.dateTime(request.createdAt)}>
          {format.relative(request.createdAt)}
        </time>
      </Text>
      <RequestPrice request={request} />
      {request.notes && (
        <Text className={styles.prose}>{t('request.notesLabel', { notes: request.notes })}</Text>
      )}
      {(request.recallHold ?? request.closedReason) && (
        <Text size={200} weight="semibold" data-testid="recall-reason">
          {t('request.recallReason', { reason: request.recallHold ?? request.closedReason })}
        </Text>
      )}
      <RecallQuarantineNote request={request} />
      <ContactInfo request={request} />
      <CalledOffNote request={request} counterpart={counterpart} />
      {children}
    </ItemCard>
  );
}

/**
 * A pickup the other party called off after the approval, said as such: to the requester, the
 * owner called it off (not a plain rejection: it may be on its way); to the owner, the requester
 * cancelled it. The platform's own ends, and the caller's own moves, say nothing here.
 */
function CalledOffNote({ request, counterpart }: Pick<RequestRowProps, 'request' | 'counterpart'>) {
  const { t } = useTranslation('common');
  if (!request.calledOff || request.endedByPlatform) return null;
  const key =
    counterpart === 'provider'
      ? request.status === 'rejected' && 'request.calledOffByOwner'
      : request.status === 'cancelled' &&
        (request.recallHold === null
          ? 'request.cancelledAfterApproval'
          : 'request.cancelledAfterApprovalHeld');
  if (!key) return null;
  return (
    <MessageBar
      intent={counterpart === 'provider' ? 'warning' : 'info'}
      layout="multiline"
      data-testid="called-off"
    >
      <MessageBarBody>{t(key)}</MessageBarBody>
    </MessageBar>
  );
}

/**
 * The pickup time agreed, in the words of the pickup panel and the e-mails (Cairo day, 24-hour
 * times); null while windows are still to pick from. A request approved before windows has its date.
 */
export function useAgreedPickupTime(): (pickup: Transaction['pickup'] | undefined) => string | null {
  const { i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
  const format = useFormat();
  return (pickup) =>
    pickup?.window
      ? formatPickupWindow(pickup.window.startsAt, pickup.window.endsAt, language)
      : pickup?.date
        ? format.dateTime(pickup.date)
        : null;
}

/** What PickupInfo reads of a request or transaction (a request has no `pickup`). */
export type PickupInfoSource = Pick<MedicineRequest, 'pickupPlace' | 'pickupPoint'> &
  Partial<Pick<Transaction, 'pickup'>>;

/**
 * Where to collect an approved request (spec §2 history): the pharmacy's name, address and
 * contact for pharmacy stock; the location the owner set and the time agreed, when given; the area and
 * governorate, and a link to the exact point on a map (the two parties only, once approved). For
 * the requester this is the one place that says where: the pickup plan panel adds only the times.
 */
export function PickupInfo({ request }: { request: PickupInfoSource }) {
  const { t } = useTranslation('common');
  const agreedTime = useAgreedPickupTime()(request.pickup);
  const area = usePlaceLabel().place(request.pickupPlace);
  const { pickup, pickupPoint } = request;
  const lines = [
    pickup?.pharmacyName && t('pickup.pharmacy', { name: pickup.pharmacyName }),
    pickup?.address && t('pickup.address', { address: pickup.address }),
    area && t('pickup.area', { place: area }),
    pickup?.contactEmail && t('pickup.contact', { email: pickup.contactEmail }),
    pickup?.location && t('pickup.at', { location: pickup.location }),
    // None while windows are still to pick from: the pickup panel lists them.
    agreedTime && t('pickup.on', { date: agreedTime }),
  ].filter(Boolean);
  if (!lines.length && !pickupPoint) return null;
  return (
    <div data-testid="pickup-info">
      {lines.map((line) => (
        <Text key={line as string} block size={200}>
          {line}
        </Text>
      ))}
      {pickupPoint && (
        <Link href={pickupPoint.mapUrl} target="_blank" rel="noopener noreferrer">
          {t('pickupWindows.map')}
        </Link>
      )}
    </div>
  );
}
