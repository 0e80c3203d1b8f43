import type { MailCalendarEvent } from '@medrelay/contracts';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

const statuses = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
} as const;

/**
 * The .ics file of an e-mail's pickup windows (ical-generator). Times are written in UTC, which
 * every calendar shows in its own zone; each window keeps its uid, so a later file (a higher
 * sequence) updates the events an earlier one added.
 */
export function calendarAttachment(events: MailCalendarEvent[]) {
  const calendar = ical({
    prodId: { company: 'MedRelay', product: 'pickups', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      start: new Date(event.start),
      end: new Date(event.end),
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: statuses[event.status],
      sequence: event.sequence,
      ...(event.url ? { url: event.url } : {}),
    });
  }
  return {
    filename: 'pickup.ics',
    content: calendar.toString(),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };
}
