import type { MailCalendarEvent } from '@medrelay/contracts';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';

const statuses = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
} as const;

const filename = 'pickup.ics';

/** Who sends a pickup's calendar message and who it is for. */
export interface CalendarParties {
  /** The e-mail's From (`MAIL_FROM`, "Name <address>" or a bare address): the events' organiser. */
  from: string;
  /** The recipient: the one attendee. */
  to: string;
  /** The recipient's name, when the e-mail names them. */
  name?: string | undefined;
}

/**
 * What an e-mail's pickup events add to the message (docs/transfers.md, "Calendar messages").
 * One agreed pickup (a single confirmed event) is an iTIP REQUEST and one called off (a single
 * cancelled event) a CANCEL, both sent as nodemailer's `icalEvent`: a `text/calendar;
 * method=…` alternative part, which Gmail, Outlook and Apple Mail apply to the event of the same
 * uid (a higher sequence moves or cancels it), plus the same file attached. The organiser is
 * MedRelay's sender and the one attendee the recipient, RSVP=FALSE (the time is agreed in the
 * app; no answer is expected). Anything else (several windows, tentative: only jobs queued before
 * pickups were sent this way) stays a PUBLISH attachment, as such jobs were written for.
 */
export function calendarMessage(events: MailCalendarEvent[], parties: CalendarParties) {
  const [only] = events;
  const method =
    events.length === 1 && only!.status === 'confirmed'
      ? ICalCalendarMethod.REQUEST
      : events.length === 1 && only!.status === 'cancelled'
        ? ICalCalendarMethod.CANCEL
        : ICalCalendarMethod.PUBLISH;
  const content = calendarOf(events, method, method === ICalCalendarMethod.PUBLISH ? null : parties);
  if (method === ICalCalendarMethod.PUBLISH)
    return {
      attachments: [{ filename, content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
    };
  return { icalEvent: { method, filename, content } };
}

function calendarOf(
  events: MailCalendarEvent[],
  method: ICalCalendarMethod,
  parties: CalendarParties | null,
): string {
  const calendar = ical({
    prodId: { company: 'MedRelay', product: 'pickups', language: 'EN' },
    method,
  });
  for (const event of events) {
    const created = calendar.createEvent({
      id: event.uid,
      start: new Date(event.start),
      end: new Date(event.end),
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: statuses[event.status],
      sequence: event.sequence,
      ...(event.url ? { url: event.url } : {}),
      ...(parties ? { organizer: organizerOf(parties.from) } : {}),
    });
    if (parties)
      created.createAttendee({
        email: parties.to,
        ...(parties.name ? { name: parties.name } : {}),
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: false,
      });
  }
  return calendar.toString();
}

/** "MedRelay <no-reply@medrelay.eg>" → its name and address (a bare address names itself). */
function organizerOf(from: string) {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  const email = (match?.[2] ?? from).trim();
  return { name: match?.[1]?.trim() || email, email };
}
