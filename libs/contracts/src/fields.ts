import { z } from 'zod';
import { asciiDigits } from '@medrelay/domain/digits';
import { normalizePhone } from '@medrelay/domain/phone';
import type { MessageKey } from './messages';

/** Arabic-Indic and Persian digits typed on Arabic keyboards become ASCII digits. */
export const toAsciiDigits = asciiDigits;

/**
 * The message for a wrong or missing type only; other issues keep their own rule. (A plain
 * `error` on the schema would also replace the messages of its length checks.)
 */
export function typeError(key: MessageKey) {
  return { error: (issue: { code: string }) => (issue.code === 'invalid_type' ? key : undefined) };
}

export const limits = {
  nameMin: 2,
  nameMax: 120,
  emailMax: 254,
  phoneMin: 10,
  phoneMax: 20,
  passwordMin: 6,
  passwordMax: 128,
  addressMax: 300,
  referenceMax: 100,
  organizationNameMax: 200,
} as const;

export const emailField = z
  .string(typeError('invalidEmail'))
  .trim()
  .toLowerCase()
  .max(limits.emailMax)
  .email({ error: 'invalidEmail' });

export const passwordField = z
  .string(typeError('passwordMin'))
  .min(limits.passwordMin, { error: 'passwordMin' })
  .max(limits.passwordMax);

export const nameField = z
  .string(typeError('nameMin'))
  .trim()
  .min(limits.nameMin, { error: 'nameMin' })
  .max(limits.nameMax);

/** A phone number, stored and answered in E.164 (`+201001234567`); the rule is libs/domain's. */
export const phoneField = z
  .string(typeError('phoneMin'))
  .trim()
  .transform(toAsciiDigits)
  .pipe(
    z
      .string()
      .min(limits.phoneMin, { error: 'phoneMin' })
      .max(limits.phoneMax)
      .transform((value, ctx) => {
        const e164 = normalizePhone(value);
        if (!e164) {
          ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
          return z.NEVER;
        }
        return e164;
      }),
  );

/** Optional free text: blank becomes undefined so "not given" has one representation. */
export function optionalText(max: number) {
  return z
    .string(typeError('mustBeText'))
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));
}

/** Path parameter holding a numeric id (a PostgreSQL integer). */
export const idParam = z.object({
  id: z.coerce.number({ error: 'invalidValue' }).int().positive().max(2_147_483_647),
});

/** A whole number from a query string, within bounds (paging, limits, day ranges). */
export function queryInt(min: number, max: number) {
  return z.coerce
    .number({ error: 'mustBeNumber' })
    .int({ error: 'mustBeNumber' })
    .min(min, { error: 'invalidValue' })
    .max(max, { error: 'invalidValue' });
}

/** Pages of an owner's list: `page` from 1, `pageSize` 1..100 (default 20); the total is in X-Total-Count. */
export const listPageFields = {
  page: queryInt(1, 100_000).default(1),
  pageSize: queryInt(1, 100).default(20),
};
export const listPageQuerySchema = z.object(listPageFields).strict();
export type ListPageQuery = z.output<typeof listPageQuerySchema>;

/**
 * Export Data's pages of an admin list (keyset): `after` the last id of the previous page (0 for
 * the first), the next `pageSize` rows in id order, and no total (no X-Total-Count). Each page
 * costs the page, however deep: no OFFSET to walk past, no count of the whole list. `page` is not
 * read when `after` is given; filters still apply. The interactive lists page by `page`.
 */
export const exportPageFields = {
  after: queryInt(0, 2_147_483_647).optional(),
};

/** One export page as asked: what `exportPageFields` reads, as the query string the gateway sends. */
export function exportPageQuery(after: number, pageSize: number): string {
  return `after=${after}&pageSize=${pageSize}`;
}
