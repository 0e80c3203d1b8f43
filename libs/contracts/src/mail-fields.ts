import { z } from 'zod';

// The pieces every e-mail's contents are built of (mail.ts, mail-security.ts).

export const text = z.string();
/** A flag as the producers write it ('yes' or 'no'). */
export const yesNo = z.enum(['yes', 'no']);

/**
 * A list the e-mail lays out one line per entry. Producers send the array; a job queued while
 * lists travelled as JSON text still reads, its text parsed into the same array.
 */
export function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, z.array(item));
}

/** What svc-identity's outbox adds to each of its e-mails: the platform's name and the admin's address. */
export const fromIdentity = { systemName: text, adminEmail: text };
