import {
  translate,
  type Language,
  type MailCalendarEvent,
  type MailJob,
  type Settings,
} from '@medrelay/contracts';
import { formatPickupWindow, mapLink } from '@medrelay/domain';
import type { MailSecrets, ReadModelUser } from '@medrelay/service-kit';
import type { MedicineSummary } from '../medicines/repo';
import { shownNameOf } from '../requests/party-names';
import type { WindowRow } from './repo';

/** What the pickup e-mails say of a request: its id, quantity, place and pin. */
export interface PickupMailRequest {
  id: number;
  quantity: number;
  pickup_location: string | null;
  pickup_lat?: number | null;
  pickup_lng?: number | null;
  /** The price agreed per unit on approval (null = free); absent where it is not read. */
  unit_price?: string | null;
  /** The units first asked for when the owner approved fewer (null or absent: all were). */
  asked_quantity?: number | null;
}

type Window = Pick<WindowRow, 'id' | 'starts_at' | 'ends_at'>;
/** A time agreed on: the window chosen, or the one a custody entry names (`lastAgreedWindow`). */
type AgreedWindow = Pick<WindowRow, 'starts_at' | 'ends_at'>;

/** Where a reader's requests are. */
const requestsUrl = (publicUrl: string, reader: ReadModelUser) => `${publicUrl}/${reader.user_type}/requests`;
const mapUrlOf = (request: PickupMailRequest) =>
  request.pickup_lat != null && request.pickup_lng != null
    ? mapLink(request.pickup_lat, request.pickup_lng)
    : '';
/** The windows as the e-mails list them: one line each, the screens' words. */
const windowLines = (windows: Window[], language: Language) =>
  windows.map((w) => `• ${formatPickupWindow(w.starts_at, w.ends_at, language)}`).join('\n');
/** The agreed price as the e-mails take it: per unit, empty when free (svc-identity's template words it). */
const agreedPrice = (request: PickupMailRequest) =>
  request.unit_price === undefined ? {} : { unitPrice: request.unit_price ?? '' };
/** The units asked for, only when fewer were approved (svc-identity's template then says so). */
const askedWhenFewer = (request: PickupMailRequest) =>
  request.asked_quantity != null && request.asked_quantity > request.quantity
    ? { askedQuantity: String(request.asked_quantity) }
    : {};
/** The other party as the e-mail names them, as every notice does (libs/domain `partyName`). */
const nameOf = (user: ReadModelUser | null) => (user ? shownNameOf(user) : '');

/**
 * The request's pickup as a calendar event, in the reader's language: the time agreed, `confirmed`
 * (an invitation to it), or `cancelled` (it no longer holds). One uid per request, so each later
 * e-mail moves or cancels the one event a calendar holds; `sequence` is `settlementNumber`, read
 * after the move is recorded, so every later message outranks the earlier ones (RFC 5546 §2.1.4).
 * Offered windows are not sent: only the time agreed goes to calendars (docs/transfers.md).
 */
export function pickupEvent(options: {
  request: PickupMailRequest;
  window: AgreedWindow;
  status: 'confirmed' | 'cancelled';
  sequence: number;
  medicineName: string;
  other: ReadModelUser | null;
  language: Language;
  url: string;
}): MailCalendarEvent {
  const { request, language } = options;
  return {
    uid: `pickup-${request.id}@medrelay.eg`,
    start: options.window.starts_at.toISOString(),
    end: options.window.ends_at.toISOString(),
    summary: translate('calendarPickupSummary', language, {
      quantity: request.quantity,
      medicine: options.medicineName,
    }),
    location: request.pickup_location ?? '',
    description: translate('calendarPickupDescription', language, {
      other: nameOf(options.other),
      url: options.url,
    }),
    status: options.status,
    sequence: options.sequence,
    url: options.url,
  };
}

/** A mail's calendar part that removes the time agreed before (a CANCEL of its event), if one was. */
function cancelledInCalendars(
  agreed: AgreedWindow | null | undefined,
  event: Omit<Parameters<typeof pickupEvent>[0], 'window' | 'status'>,
): { calendar?: MailCalendarEvent[] } {
  return agreed ? { calendar: [pickupEvent({ ...event, window: agreed, status: 'cancelled' })] } : {};
}

/**
 * The request-approved e-mail to the requester, in their language: the units approved (and those
 * asked, when fewer were approved, so the requester does not come expecting more), the price agreed, the windows
 * offered (no calendar file: nothing is agreed yet), the place, and the handover code, sealed for the queue. A pharmacy's listing
 * names the pharmacy's address and e-mail; an approval without windows says only that.
 */
export function approvalMail(options: {
  request: PickupMailRequest;
  windows: Window[];
  medicine: MedicineSummary | null;
  requester: ReadModelUser;
  provider: ReadModelUser | null;
  approverName: string;
  handoverCode: string | null;
  settings: Settings;
  publicUrl: string;
  secrets: MailSecrets;
}): MailJob {
  const { request, medicine, requester, provider, settings } = options;
  const language = requester.language;
  const fromPharmacy = medicine?.source === 'pharmacy';
  const url = requestsUrl(options.publicUrl, requester);
  return {
    idempotencyKey: `request-approved:${request.id}`,
    template: 'request-approved',
    to: requester.email,
    language,
    data: {
      systemName: settings.systemName,
      adminEmail: settings.adminEmail,
      name: requester.name,
      medicineName: medicine?.name ?? '',
      quantity: String(request.quantity),
      providerName: provider ? nameOf(provider) : options.approverName,
      windows: windowLines(options.windows, language),
      pickupLocation: request.pickup_location ?? '',
      mapUrl: mapUrlOf(request),
      address: fromPharmacy ? (provider?.address ?? '') : '',
      contactEmail: fromPharmacy ? (provider?.email ?? '') : '',
      requestsUrl: url,
      ...agreedPrice(request),
      ...askedWhenFewer(request),
    },
    ...(options.handoverCode
      ? { sealed: options.secrets.seal(requester.email, { handoverCode: options.handoverCode }) }
      : {}),
  };
}

/**
 * The pickup-changed e-mail to the requester once the owner offers new windows after approval:
 * the new windows to choose from. When a time was agreed before (`agreed`), it no longer holds:
 * the e-mail names it and its calendar file cancels it, so the calendar holds nothing until a
 * new time is agreed.
 */
export function pickupChangedMail(options: {
  request: PickupMailRequest;
  /** The windows now offered. */
  windows: Window[];
  /** The time agreed before the new offer, if one was. */
  agreed: AgreedWindow | null;
  medicineName: string;
  requester: ReadModelUser;
  provider: ReadModelUser | null;
  /** `settlementNumber`, read after the withdrawal is recorded. */
  sequence: number;
  settings: Settings;
  publicUrl: string;
}): MailJob {
  const { request, requester, windows, agreed } = options;
  const language = requester.language;
  const url = requestsUrl(options.publicUrl, requester);
  return {
    // One per offer: its windows are new rows.
    idempotencyKey: `pickup-changed:${request.id}:${Math.max(...windows.map((w) => w.id))}`,
    template: 'pickup-changed',
    to: requester.email,
    language,
    data: {
      systemName: options.settings.systemName,
      adminEmail: options.settings.adminEmail,
      name: requester.name,
      medicineName: options.medicineName,
      quantity: String(request.quantity),
      providerName: nameOf(options.provider),
      windows: windowLines(windows, language),
      pickupLocation: request.pickup_location ?? '',
      mapUrl: mapUrlOf(request),
      requestsUrl: url,
      ...(agreed ? { agreedBefore: formatPickupWindow(agreed.starts_at, agreed.ends_at, language) } : {}),
    },
    ...cancelledInCalendars(agreed, {
      request,
      sequence: options.sequence,
      medicineName: options.medicineName,
      other: options.provider,
      language,
      url,
    }),
  };
}

/**
 * The owner's pickup-changed e-mail when its new offer withdrew a time agreed before: its calendar
 * got that time with the pickup-confirmed e-mail, so the file cancels it (nothing is agreed yet);
 * the new times are listed, and the owner is told when one is chosen.
 */
export function pickupChangedOwnerMail(options: {
  request: PickupMailRequest;
  /** The windows now offered. */
  windows: Window[];
  /** The time agreed before the new offer. */
  agreed: AgreedWindow;
  medicineName: string;
  owner: ReadModelUser;
  requester: ReadModelUser | null;
  /** `settlementNumber`, read after the withdrawal is recorded. */
  sequence: number;
  settings: Settings;
  publicUrl: string;
}): MailJob {
  const { request, owner, windows } = options;
  const language = owner.language;
  const url = requestsUrl(options.publicUrl, owner);
  return {
    idempotencyKey: `pickup-changed-owner:${request.id}:${Math.max(...windows.map((w) => w.id))}`,
    template: 'pickup-changed',
    to: owner.email,
    language,
    data: {
      systemName: options.settings.systemName,
      adminEmail: options.settings.adminEmail,
      name: owner.name,
      medicineName: options.medicineName,
      quantity: String(request.quantity),
      providerName: nameOf(owner),
      windows: windowLines(windows, language),
      pickupLocation: request.pickup_location ?? '',
      mapUrl: mapUrlOf(request),
      requestsUrl: url,
      forOwner: 'yes',
      requesterName: nameOf(options.requester),
      agreedBefore: formatPickupWindow(options.agreed.starts_at, options.agreed.ends_at, language),
    },
    calendar: [
      pickupEvent({
        request,
        window: options.agreed,
        status: 'cancelled',
        sequence: options.sequence,
        medicineName: options.medicineName,
        other: options.requester,
        language,
        url,
      }),
    ],
  };
}

/**
 * The pickup-confirmed e-mail to one party once a window is settled (chosen, or a proposal
 * accepted): the same window the app shows, with the calendar invitation to it (a time agreed
 * before is moved there: the same uid). The requester's carries their handover code, sealed.
 */
export function pickupConfirmedMail(options: {
  request: PickupMailRequest;
  chosen: Window;
  /** `settlementNumber`, read after the choice is recorded: its calendar event's sequence. */
  settlement: number;
  medicineName: string;
  reader: ReadModelUser;
  other: ReadModelUser | null;
  handoverCode: string | null;
  settings: Settings;
  publicUrl: string;
  secrets: MailSecrets;
}): MailJob {
  const { request, reader, chosen } = options;
  const language = reader.language;
  const url = requestsUrl(options.publicUrl, reader);
  return {
    // One per settlement: a window chosen again after another was agreed is a new invitation
    // (the same window's earlier one was sent, and would be taken for this one).
    idempotencyKey: `pickup-confirmed:${request.id}:${chosen.id}:${options.settlement}:${reader.id}`,
    template: 'pickup-confirmed',
    to: reader.email,
    language,
    data: {
      systemName: options.settings.systemName,
      name: reader.name,
      medicineName: options.medicineName,
      quantity: String(request.quantity),
      when: formatPickupWindow(chosen.starts_at, chosen.ends_at, language),
      location: request.pickup_location ?? '',
      mapUrl: mapUrlOf(request),
      otherName: nameOf(options.other),
      otherPhone: options.other?.phone ?? '',
      requestsUrl: url,
      ...agreedPrice(request),
    },
    ...(options.handoverCode
      ? { sealed: options.secrets.seal(reader.email, { handoverCode: options.handoverCode }) }
      : {}),
    calendar: [
      pickupEvent({
        request,
        window: chosen,
        status: 'confirmed',
        sequence: options.settlement,
        medicineName: options.medicineName,
        other: options.other,
        language,
        url,
      }),
    ],
  };
}

/**
 * The pickup-called-off e-mail to one party of an approved request that was called off (the
 * requester cancelled, the owner withdrew the approval, the platform ended it on a suspension,
 * or released it, `released`). The other party is told who called it off, or, after a
 * suspension, that the other party's account is no longer active (`inactive`); the caller's own
 * e-mail only clears its calendar, so it is written only when `agreed`.
 * With `agreed`, the calendar file cancels the pickup there (its uid, the latest sequence).
 */
export function pickupCalledOffMail(options: {
  request: PickupMailRequest & { chosen_window_id: number | null };
  /** Every window the request has had, withdrawn ones included. */
  everyWindow: Window[];
  /** The last time agreed (`lastAgreedWindow`), which calendars may hold; null when none was. */
  agreed: AgreedWindow | null;
  /** `settlementNumber`, read after the call-off is recorded. */
  sequence: number;
  medicineName: string;
  reader: ReadModelUser;
  readerRole: 'requester' | 'owner';
  /** Who called it off. */
  byReader: boolean;
  other: ReadModelUser | null;
  /** Whose account is no longer active, when a suspension ended the pickup (see the template). */
  inactive?: 'other' | 'reader' | undefined;
  /** Why the platform released it, when it did (see the template). */
  released?: 'missed' | 'unsettled' | undefined;
  settings: Settings;
  publicUrl: string;
}): MailJob {
  const { request, reader, agreed } = options;
  const language = reader.language;
  const url = requestsUrl(options.publicUrl, reader);
  const chosen = options.everyWindow.find((w) => w.id === request.chosen_window_id);
  return {
    idempotencyKey: `pickup-called-off:${request.id}:${reader.id}`,
    template: 'pickup-called-off',
    to: reader.email,
    language,
    data: {
      systemName: options.settings.systemName,
      name: reader.name,
      medicineName: options.medicineName,
      quantity: String(request.quantity),
      readerRole: options.readerRole,
      byReader: options.byReader ? 'yes' : 'no',
      otherName: options.byReader ? '' : nameOf(options.other),
      ...(options.inactive ? { inactive: options.inactive } : {}),
      ...(options.released ? { released: options.released } : {}),
      when: chosen ? formatPickupWindow(chosen.starts_at, chosen.ends_at, language) : '',
      location: request.pickup_location ?? '',
      calendar: agreed ? 'yes' : 'no',
      requestsUrl: url,
    },
    ...cancelledInCalendars(agreed, { ...options, language, url }),
  };
}

/**
 * The pickup-on-hold e-mail to one party of a pickup a recall holds while its agreed time is
 * still ahead: not to go (the requester) or not to hand over (the owner) until the recall is
 * lifted, and the calendar file that cancels the time (a lift before it invites to it again).
 */
export function pickupOnHoldMail(options: {
  request: PickupMailRequest;
  agreed: AgreedWindow;
  /** `settlementNumber`, read after the message is counted (`countRecallCalendarMessage`). */
  sequence: number;
  medicineName: string;
  reader: ReadModelUser;
  readerRole: 'requester' | 'owner';
  other: ReadModelUser | null;
  reason: string;
  settings: Settings;
  publicUrl: string;
}): MailJob {
  const { request, reader, agreed } = options;
  const language = reader.language;
  const url = requestsUrl(options.publicUrl, reader);
  return {
    idempotencyKey: `pickup-on-hold:${request.id}:${options.sequence}:${reader.id}`,
    template: 'pickup-on-hold',
    to: reader.email,
    language,
    data: {
      systemName: options.settings.systemName,
      name: reader.name,
      medicineName: options.medicineName,
      quantity: String(request.quantity),
      readerRole: options.readerRole,
      otherName: nameOf(options.other),
      when: formatPickupWindow(agreed.starts_at, agreed.ends_at, language),
      location: request.pickup_location ?? '',
      reason: options.reason,
      requestsUrl: url,
    },
    ...cancelledInCalendars(agreed, { ...options, language, url }),
  };
}
