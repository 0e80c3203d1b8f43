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
 * The calendar events of a request's windows, in the reader's language: while the requester
 * chooses, every offered window is tentative; once one is chosen it is confirmed and the others
 * cancelled (the same uids, a higher sequence), so the reader's calendar keeps one pickup.
 */
/** A settlement in which none of the given windows is the chosen one: all are cancelled. */
const noneChosen = -1;

export function pickupCalendar(options: {
  request: PickupMailRequest;
  windows: Window[];
  /** null: an offer (all tentative); else the settled window (`noneChosen`: none of these). */
  chosenId: number | null;
  medicineName: string;
  other: ReadModelUser | null;
  language: Language;
  url: string;
  /** A settlement's sequence (`settlementNumber`); an offer's events have 0. */
  sequence?: number;
}): MailCalendarEvent[] {
  const { request, language } = options;
  const summary = translate('calendarPickupSummary', language, {
    quantity: request.quantity,
    medicine: options.medicineName,
  });
  const description = translate('calendarPickupDescription', language, {
    other: nameOf(options.other),
    url: options.url,
  });
  return options.windows.map((w) => ({
    uid: `pickup-${request.id}-${w.id}@medrelay.eg`,
    start: w.starts_at.toISOString(),
    end: w.ends_at.toISOString(),
    summary,
    location: request.pickup_location ?? '',
    description,
    status: options.chosenId === null ? 'tentative' : w.id === options.chosenId ? 'confirmed' : 'cancelled',
    sequence: options.chosenId === null ? 0 : (options.sequence ?? 1),
    url: options.url,
  }));
}

/**
 * The request-approved e-mail to the requester, in their language: the units approved (and those
 * asked, when fewer were approved, so the requester does not come expecting more), the price agreed, the windows
 * offered (also as a calendar file), the place, and the handover code, sealed for the queue. A pharmacy's listing
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
    ...(options.windows.length
      ? {
          calendar: pickupCalendar({
            request,
            windows: options.windows,
            chosenId: null,
            medicineName: medicine?.name ?? '',
            other: provider,
            language,
            url,
          }),
        }
      : {}),
  };
}

/**
 * The pickup-changed e-mail to the requester once the owner offers new windows after approval:
 * the new windows, tentative in the calendar file, and every earlier window of the request
 * cancelled there (a chosen one included), so the calendar holds only what can still happen.
 */
export function pickupChangedMail(options: {
  request: PickupMailRequest;
  /** The windows now offered. */
  windows: Window[];
  /** Every window the request has had, withdrawn ones included. */
  everyWindow: Window[];
  medicineName: string;
  requester: ReadModelUser;
  provider: ReadModelUser | null;
  /** Above the sequence of the last settlement's events (`settlementNumber` + 1). */
  sequence: number;
  settings: Settings;
  publicUrl: string;
}): MailJob {
  const { request, requester, windows } = options;
  const language = requester.language;
  const url = requestsUrl(options.publicUrl, requester);
  const offered = new Set(windows.map((w) => w.id));
  const calendar = (part: Window[], chosenId: number | null, sequence?: number) =>
    pickupCalendar({
      request,
      windows: part,
      chosenId,
      sequence,
      medicineName: options.medicineName,
      other: options.provider,
      language,
      url,
    });
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
    },
    calendar: [
      ...calendar(windows, null),
      ...calendar(
        options.everyWindow.filter((w) => !offered.has(w.id)),
        noneChosen,
        options.sequence,
      ),
    ],
  };
}

/**
 * The owner's pickup-changed e-mail when its new offer withdrew a time agreed before: its calendar
 * got that time with the pickup-confirmed e-mail and is not sent the new offer (nothing is agreed
 * yet), so the file cancels every earlier window of the request, above the last settlement's
 * sequence; the new times are listed, and the owner is told when one is chosen.
 */
export function pickupChangedOwnerMail(options: {
  request: PickupMailRequest;
  /** The windows now offered. */
  windows: Window[];
  /** Every window the request has had, withdrawn ones included. */
  everyWindow: Window[];
  /** The time agreed before the new offer. */
  agreed: Window;
  medicineName: string;
  owner: ReadModelUser;
  requester: ReadModelUser | null;
  /** Above the sequence of the last settlement's events (`settlementNumber` + 1). */
  sequence: number;
  settings: Settings;
  publicUrl: string;
}): MailJob {
  const { request, owner, windows } = options;
  const language = owner.language;
  const url = requestsUrl(options.publicUrl, owner);
  const offered = new Set(windows.map((w) => w.id));
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
    calendar: pickupCalendar({
      request,
      windows: options.everyWindow.filter((w) => !offered.has(w.id)),
      chosenId: noneChosen,
      sequence: options.sequence,
      medicineName: options.medicineName,
      other: options.requester,
      language,
      url,
    }),
  };
}

/**
 * The pickup-confirmed e-mail to one party once a window is settled (chosen, or a proposal
 * accepted): the same window the app shows, with the calendar file that confirms it. The
 * requester's carries their handover code, sealed.
 */
export function pickupConfirmedMail(options: {
  request: PickupMailRequest;
  /**
   * The request's offer, and every window its calendars may still hold (withdrawn by a new
   * offer, or chosen before): all but the chosen one are cancelled there.
   */
  windows: Window[];
  chosen: Window;
  /** Which settlement of the request this is (`settlementNumber`): its calendar events' sequence. */
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
  // The chosen window is among them (a requester's accepted proposal too).
  const windows = options.windows.some((w) => w.id === chosen.id)
    ? options.windows
    : [...options.windows, chosen];
  return {
    idempotencyKey: `pickup-confirmed:${request.id}:${chosen.id}:${reader.id}`,
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
    calendar: pickupCalendar({
      request,
      windows,
      chosenId: chosen.id,
      sequence: options.settlement,
      medicineName: options.medicineName,
      other: options.other,
      language,
      url,
    }),
  };
}

/**
 * The pickup-called-off e-mail to one party of an approved request that was called off (the
 * requester cancelled, the owner withdrew the approval, or the platform ended it on a suspension).
 * The other party is told who called it off, or, after a suspension, that the other party's
 * account is no longer active (`inactive`); the caller's own e-mail only clears its calendar, so
 * it is written only when `calendar`.
 * With `calendar`, every window the request has had is cancelled there (the same uids, above
 * the last settlement's sequence).
 */
export function pickupCalledOffMail(options: {
  request: PickupMailRequest & { chosen_window_id: number | null };
  /** Every window the request has had, withdrawn ones included. */
  everyWindow: Window[];
  /** Whether the reader's calendar may hold the pickup (see `mayHoldPickup`). */
  calendar: boolean;
  /** `settlementNumber` + 1, read after the call-off is recorded. */
  sequence: number;
  medicineName: string;
  reader: ReadModelUser;
  readerRole: 'requester' | 'owner';
  /** Who called it off. */
  byReader: boolean;
  other: ReadModelUser | null;
  /** Whose account is no longer active, when a suspension ended the pickup (see the template). */
  inactive?: 'other' | 'reader' | undefined;
  settings: Settings;
  publicUrl: string;
}): MailJob {
  const { request, reader } = options;
  const language = reader.language;
  const url = requestsUrl(options.publicUrl, reader);
  const chosen = options.everyWindow.find((w) => w.id === request.chosen_window_id);
  const calendar = options.calendar && options.everyWindow.length > 0;
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
      when: chosen ? formatPickupWindow(chosen.starts_at, chosen.ends_at, language) : '',
      location: request.pickup_location ?? '',
      calendar: calendar ? 'yes' : 'no',
      requestsUrl: url,
    },
    ...(calendar
      ? {
          calendar: pickupCalendar({
            request,
            windows: options.everyWindow,
            chosenId: noneChosen,
            sequence: options.sequence,
            medicineName: options.medicineName,
            other: options.other,
            language,
            url,
          }),
        }
      : {}),
  };
}

/**
 * Whether a party's calendar may hold the request's pickup: the requester's got the windows
 * with the approval (or a new offer), the owner's only once one was settled (pickup-confirmed),
 * also when a new offer cleared that choice since (`settledBefore`: the owner's calendar was not
 * told of the new offer and still holds the confirmed window).
 */
export const mayHoldPickup = (
  role: 'requester' | 'owner',
  request: { chosen_window_id: number | null },
  everyWindow: Window[],
  settledBefore = false,
) => everyWindow.length > 0 && (role === 'requester' || request.chosen_window_id !== null || settledBefore);
