import {
  areaOf,
  areaKeys,
  governorates,
  type AreaKey,
  type Governorate,
} from '@medrelay/domain/governorates';
import { z } from 'zod';
import { languages } from './languages';
import { areaField, latLngSchema, pinField } from './places';
import {
  emailField,
  exportPageFields,
  limits,
  nameField,
  optionalText,
  passwordField,
  phoneField,
  queryInt,
  typeError,
} from './fields';

import { normalizePharmacistLicense } from '@medrelay/domain/pharmacist-license';
import { selfRegisteringUserTypes, userStatuses, userTypes } from './roles';

export const languageSchema = z.enum(languages);

/**
 * The NGO pharmacist's licence number: digits, 4–10 (libs/domain `normalizePharmacistLicense`),
 * stored as Latin digits. Empty means none given: registration requires it of NGOs; a profile
 * edit leaves it unchanged (NGOs registered before it was asked have none; it cannot be cleared).
 */
export const pharmacistLicenseField = z
  .string(typeError('pharmacistLicenseInvalid'))
  .max(40, { error: 'pharmacistLicenseInvalid' })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return undefined;
    const license = normalizePharmacistLicense(value);
    if (license) return license;
    ctx.addIssue({ code: 'custom', message: 'pharmacistLicenseInvalid' });
    return z.NEVER;
  });
/** One of Egypt's 27 governorates (libs/domain), optional; null clears it in a profile update. */
export const governorateField = z.enum(governorates, { error: 'governorateInvalid' }).nullable().optional();

/** An area given with a governorate must lie in it (an area alone implies its governorate). */
function checkAreaInGovernorate(
  value: { area?: AreaKey | null | undefined; governorate?: Governorate | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.area && value.governorate && areaOf(value.area).governorate !== value.governorate)
    ctx.addIssue({ code: 'custom', path: ['area'], message: 'areaNotInGovernorate' });
}

/** Registration payload (spec §3, rules of §5). userType defaults to donor. */
export const registrationSchema = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField,
    password: passwordField,
    userType: z.enum(selfRegisteringUserTypes, { error: 'userTypeInvalid' }).default('donor'),
    acceptTerms: z.literal(true, { error: 'acceptTerms' }),
    address: optionalText(limits.addressMax),
    commercialLicense: optionalText(limits.referenceMax),
    organizationName: optionalText(limits.organizationNameMax),
    commercialNumber: optionalText(limits.referenceMax),
    /** Required for NGOs (Law 127/1955: donated medicines end with a pharmacist); others omit it. */
    pharmacistLicense: pharmacistLicenseField,
    language: languageSchema.optional(),
    governorate: governorateField,
    /** The pickup point: an area of the governorate and an optional pin. */
    area: areaField,
    pin: pinField,
  })
  .superRefine(
    (value, ctx) => {
      checkAreaInGovernorate(value, ctx);
      if (value.userType === 'pharmacy' && !value.commercialLicense) {
        ctx.addIssue({ code: 'custom', path: ['commercialLicense'], message: 'commercialLicenseRequired' });
      }
      if (value.userType === 'ngo' && !value.organizationName) {
        ctx.addIssue({ code: 'custom', path: ['organizationName'], message: 'organizationNameRequired' });
      }
      if (value.userType === 'ngo' && !value.commercialNumber) {
        ctx.addIssue({ code: 'custom', path: ['commercialNumber'], message: 'commercialNumberRequired' });
      }
      if (value.userType === 'ngo' && !value.pharmacistLicense) {
        ctx.addIssue({ code: 'custom', path: ['pharmacistLicense'], message: 'pharmacistLicenseRequired' });
      }
      // Runs even when other fields are wrong, so a form shows every missing field at once.
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Role-specific profile fields, present for the matching userType. */
export const profileSchema = z.object({
  address: z.string().nullable(),
  commercialLicense: z.string().nullable().optional(),
  licenseDocument: z.string().nullable().optional(),
  organizationName: z.string().nullable().optional(),
  commercialNumber: z.string().nullable().optional(),
  /** NGOs: their pharmacist's licence number (null for NGOs registered before it was asked). */
  pharmacistLicense: z.string().nullable().optional(),
  /**
   * NGOs: the licence was added after the account's review and waits for an administrator's
   * (until accepted the NGO has no pharmacist for the platform: libs/domain `hasPharmacist`).
   */
  pharmacistLicensePending: z.boolean().optional(),
  verificationDocuments: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * Why an administrator rejects a registration: told to the registrant in its language with what
 * to do next (correct the details and apply again, or write to the administrator), and shown on
 * the account's row when it applies again.
 */
export const registrationRejectionReasons = [
  'detailsUnverifiable',
  'notEligible',
  'duplicate',
  'other',
] as const;
export type RegistrationRejectionReason = (typeof registrationRejectionReasons)[number];

/** Admin: reject a pending registration, saying why. */
export const registrationRejectionSchema = z.object({
  reason: z.enum(registrationRejectionReasons, { error: 'registrationRejectionReasonInvalid' }),
});
export type RegistrationRejection = z.infer<typeof registrationRejectionSchema>;

/** A user as the API shows it; never carries the password. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  userType: z.enum(userTypes),
  status: z.enum(userStatuses),
  language: languageSchema,
  /** Where the user is; null when they named none. */
  governorate: z.enum(governorates).nullable().optional(),
  /** The user's own pickup area and pin: shown to the user only. */
  area: z.enum(areaKeys).nullable().optional(),
  pin: latLngSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  profile: profileSchema.nullable(),
  /** Whether the owner proved the address by opening the link e-mailed to it. */
  emailVerified: z.boolean(),
  /** A new address waiting for its link to be opened before it replaces `email`, else null. */
  pendingEmail: z.string().nullable(),
  /**
   * An account never approved that an administrator rejected at registration: why (the latest
   * rejection). On a pending account, it applied again after that rejection. Null otherwise.
   */
  rejectionReason: z.enum(registrationRejectionReasons).nullable().optional(),
  /** When its owner deleted the account (its status stays `rejected`), else null. */
  deletedAt: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** A user as the administrators' list shows it: what they act on besides the account itself. */
export const adminUserSchema = userSchema.extend({
  /** An authenticator app is on (an administrator may reset it for an owner who lost it). */
  twoFactorEnabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  /** The password no longer meets the policy: the browser asks the user to change it. */
  passwordChangeAdvised: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Admin: change a user's status. `rejected` on an approved user is a suspension. */
export const userStatusChangeSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'statusInvalid' }),
});
export type UserStatusChange = z.infer<typeof userStatusChangeSchema>;

/** Why an administrator refuses a pharmacist's licence an NGO added after its review (told to the NGO). */
export const pharmacistLicenseRejectionReasons = [
  'notRegistered',
  'notThisOrganization',
  'notPracticing',
] as const;
export type PharmacistLicenseRejectionReason = (typeof pharmacistLicenseRejectionReasons)[number];

/** Admin: refuse a licence waiting for review; the number is cleared and the NGO told why. */
export const pharmacistLicenseRejectionSchema = z.object({
  reason: z.enum(pharmacistLicenseRejectionReasons, { error: 'licenseRejectionReasonInvalid' }),
});
export type PharmacistLicenseRejection = z.infer<typeof pharmacistLicenseRejectionSchema>;

/** The admin list's status filter: a status, or the accounts their owners deleted (not counted under `rejected`). */
export const userListStatuses = [...userStatuses, 'deleted'] as const;
export type UserListStatus = (typeof userListStatuses)[number];

export const userListQuerySchema = z.object({
  status: z.enum(userListStatuses).optional(),
  userType: z.enum(userTypes).optional(),
  q: z.string().trim().max(100).optional(),
  /** Pages of `pageSize` (default 50, at most 100); the total is in X-Total-Count. */
  page: queryInt(1, 100_000).default(1),
  pageSize: queryInt(1, 100).default(50),
  ...exportPageFields,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/**
 * A user's own account changes (settings screen). Role-specific fields apply only to that
 * role; a field that does not belong to the caller's role is refused by the service.
 */
export const profileUpdateSchema = z
  .object({
    name: nameField,
    phone: phoneField,
    language: languageSchema,
    governorate: governorateField,
    area: areaField,
    pin: pinField,
    address: optionalText(limits.addressMax),
    commercialLicense: z
      .string(typeError('commercialLicenseRequired'))
      .trim()
      .min(1, { error: 'commercialLicenseRequired' })
      .max(limits.referenceMax),
    organizationName: z
      .string(typeError('organizationNameRequired'))
      .trim()
      .min(1, { error: 'organizationNameRequired' })
      .max(limits.organizationNameMax),
    commercialNumber: z
      .string(typeError('commercialNumberRequired'))
      .trim()
      .min(1, { error: 'commercialNumberRequired' })
      .max(limits.referenceMax),
    /**
     * Left empty, it is not changed: an NGO registered before the licence was asked has none,
     * and its profile form still saves; it cannot be cleared once recorded.
     */
    pharmacistLicense: pharmacistLicenseField,
  })
  .partial()
  .strict()
  .superRefine(checkAreaInGovernorate);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: z.string(typeError('currentPasswordWrong')).min(1, { error: 'currentPasswordWrong' }),
  newPassword: passwordField,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
