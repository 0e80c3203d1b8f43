import { z } from 'zod';
import { emailField, passwordField, typeError } from './fields';

/**
 * Accounts you can trust (issue 27): e-mailed single-use links (password reset, e-mail proof,
 * opening a locked account from a device) and what their calls carry.
 */

/** The secret of an e-mailed link, as the page at the link sends it back. */
export const linkTokenField = z
  .string(typeError('linkInvalid'))
  .trim()
  .min(20, { error: 'linkInvalid' })
  .max(200, { error: 'linkInvalid' })
  .regex(/^[\w-]+$/, { error: 'linkInvalid' });

/** Asking for a link by e-mail: answered the same whether or not the address has an account. */
export const emailLinkRequestSchema = z.object({ email: emailField }).strict();
export type EmailLinkRequest = z.infer<typeof emailLinkRequestSchema>;

export const linkTokenSchema = z.object({ token: linkTokenField }).strict();
export type LinkToken = z.infer<typeof linkTokenSchema>;

export const passwordResetConfirmSchema = z
  .object({ token: linkTokenField, password: passwordField })
  .strict();
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** A plain answer: a sentence in the caller's language. */
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** The cookie that marks a browser known to the accounts that signed in on it (signed, HttpOnly). */
export const deviceCookieName = 'mr_device';

/** A new e-mail address for the own account, with the current password. */
export const emailChangeSchema = z
  .object({
    email: emailField,
    password: z.string(typeError('currentPasswordWrong')).min(1, { error: 'currentPasswordWrong' }).max(200),
  })
  .strict();
export type EmailChange = z.infer<typeof emailChangeSchema>;
