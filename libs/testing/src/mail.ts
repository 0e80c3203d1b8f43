import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { testStores } from './stores';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string | undefined;
  /** The Message-ID header: the same for every try of one e-mail (derived from its idempotency key). */
  messageId: string | undefined;
  /** Attached files (the pickup's calendar file), their content as text. */
  attachments: { filename: string; contentType: string; content: string }[];
  /**
   * The calendar message sent as the e-mail's `text/calendar` alternative (an iTIP REQUEST or
   * CANCEL): the `method` of its Content-Type and its text; none when the e-mail has none.
   */
  calendar: { method: string; content: string } | undefined;
  file: string;
}

async function parse(file: string): Promise<ReceivedMail> {
  const mail: ParsedMail = await simpleParser(await readFile(file));
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
  return {
    to,
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    template: mail.headers.get('x-medrelay-template') as string | undefined,
    messageId: mail.messageId,
    calendar: calendarOf(mail),
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      content: a.content.toString('utf8'),
    })),
    file,
  };
}

/** The `text/calendar` part of an e-mail (mailparser lists it with the attachments), with its method. */
function calendarOf(mail: ParsedMail): ReceivedMail['calendar'] {
  const part = mail.attachments.find((a) => a.contentType === 'text/calendar');
  if (!part) return undefined;
  const type = part.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  return { method: type?.params?.method ?? '', content: part.content.toString('utf8') };
}

/** The events of a calendar message (an e-mail's `calendar.content`): uid, start (UTC), status, sequence. */
export function calendarEventsOf(
  ics: string,
): { uid: string; start: string; status: string; sequence: number }[] {
  return ics
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((event) => ({
      uid: /UID:(\S+)/.exec(event)![1]!,
      start: /DTSTART:(\S+)/.exec(event)![1]!,
      status: /STATUS:(\S+)/.exec(event)![1]!,
      sequence: Number(/SEQUENCE:(\d+)/.exec(event)![1]),
    }));
}

/** Every message the SMTP sink stored for this recipient. */
export async function mailsTo(address: string, directory = testStores().mailDir): Promise<ReceivedMail[]> {
  const files = (await readdir(directory)).filter((f) => f.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map((f) => parse(path.join(directory, f))));
  return mails.filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}

/** Waits until the recipient has at least `count` messages, then returns them. */
export async function waitForMails(
  address: string,
  count = 1,
  {
    timeoutMs = 15_000,
    directory,
    match = () => true,
  }: { timeoutMs?: number; directory?: string; match?: (mail: ReceivedMail) => boolean } = {},
): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await mailsTo(address, directory)).filter(match);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`Expected ${count} mail(s) to ${address}, got ${mails.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
