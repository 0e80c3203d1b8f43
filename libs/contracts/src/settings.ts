import { z } from 'zod';
import { emailField, typeError } from './fields';
import { medicineCategories } from '@medrelay/domain/categories';

const intBetween = (min: number, max: number, message: string) =>
  z
    .number(typeError('mustBeNumber'))
    .int({ error: 'mustBeNumber' })
    .min(min, { error: message })
    .max(max, { error: message });
const bool = z.boolean(typeError('mustBeBoolean'));

/** The system settings form (spec §3) with the bounds of §5 and §9. */
export const settingsSchema = z.object({
  systemName: z
    .string(typeError('systemNameRequired'))
    .trim()
    .min(1, { error: 'systemNameRequired' })
    .max(100),
  adminEmail: emailField,
  welcomeMessage: z.string(typeError('mustBeText')).trim().max(500, { error: 'welcomeMessageMax' }),
  expiryWarningDays: intBetween(1, 365, 'expiryWarningDaysRange'),
  autoApproveUsers: bool,
  emailNotifications: bool,
  maintenanceMode: bool,
  maxUploadSize: intBetween(1, 100, 'maxUploadSizeRange'),
  sessionTimeout: intBetween(15, 1440, 'sessionTimeoutRange'),
  /** E-mail the administrator about each new registration. */
  notifyRegistrations: bool,
  /** Expiry alerts to owners (used by the catalog's expiry scan). */
  notifyExpiry: bool,
  /** Request and pickup e-mails (used by the requests service). */
  notifyTransactions: bool,
  /**
   * Guardrail: categories individual donors may not list (pharmacies may list all). Enforced by
   * svc-catalog on create and edit; the donor form shows it before submit.
   */
  donorForbiddenCategories: z
    .array(z.enum(medicineCategories, { error: 'categoryInvalid' }), typeError('categoryInvalid'))
    .max(medicineCategories.length)
    .transform((values) => medicineCategories.filter((c) => values.includes(c))),
  /** Hours after a missed pickup window before the reservation returns to stock. */
  noShowGraceHours: intBetween(1, 168, 'noShowGraceHoursRange'),
  /**
   * The Password Policy switch: on, new passwords need 10 characters, not a common one,
   * nothing of the e-mail or name (libs/domain password-policy); off, spec §5's 6 characters.
   */
  passwordPolicy: bool,
  /**
   * The Two-Factor Authentication switch: on, every admin, pharmacy and NGO account
   * enrols an authenticator (or a passkey) at its next sign-in before it can do anything else.
   */
  twoFactorRequired: bool,
});
export type Settings = z.infer<typeof settingsSchema>;

/** PUT accepts any subset; unknown fields are refused so typos do not pass silently. */
export const settingsUpdateSchema = settingsSchema.partial().strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/** What anyone may read, signed in or not. */
export const publicSettingsSchema = settingsSchema.pick({
  systemName: true,
  welcomeMessage: true,
  maintenanceMode: true,
  expiryWarningDays: true,
  maxUploadSize: true,
  donorForbiddenCategories: true,
  passwordPolicy: true,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
