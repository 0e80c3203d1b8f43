import { z } from 'zod';
import { emailField, passwordField, typeError } from './fields';
import type { LoginResponse } from './users';

/**
 * Accounts you can trust: e-mailed single-use links (password reset, e-mail proof,
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

/** A 6-digit code from an authenticator app (TOTP, RFC 6238). */
export const totpCodeField = z
  .string(typeError('totpCodeInvalid'))
  .trim()
  .regex(/^\d{6}$/, { error: 'totpCodeInvalid' });

/** The secret of a sign-in waiting for its next step (two-factor or enrolment), valid 5 minutes. */
export const challengeField = z
  .string(typeError('signInExpired'))
  .regex(/^[\w-]{20,100}$/, { error: 'signInExpired' });

/** An authenticator code, or one of the recovery codes (used once). */
const secondStepCodeField = z
  .string(typeError('totpCodeInvalid'))
  .trim()
  .min(6, { error: 'totpCodeInvalid' })
  .max(20, { error: 'totpCodeInvalid' });

/** A sign-in's second step: an authenticator code, or one of the recovery codes (used once). */
export const secondFactorSchema = z.object({ challenge: challengeField, code: secondStepCodeField }).strict();
export type SecondFactor = z.infer<typeof secondFactorSchema>;

export const challengeSchema = z.object({ challenge: challengeField }).strict();
export const enrolmentCodeSchema = z.object({ challenge: challengeField, code: totpCodeField }).strict();
const currentPasswordField = z
  .string(typeError('currentPasswordWrong'))
  .min(1, { error: 'currentPasswordWrong' })
  .max(200);
export const passwordConfirmSchema = z.object({ password: currentPasswordField }).strict();
/**
 * Turning two-factor off in settings: the password, and where the administrator requires it, a
 * code from the app or one of the recovery codes (moving to a new phone: it is added again next).
 */
export const twoFactorDisableSchema = z
  .object({ password: currentPasswordField, code: secondStepCodeField.optional() })
  .strict();
export type TwoFactorDisable = z.infer<typeof twoFactorDisableSchema>;
/** New recovery codes in settings: the password, and a code from the app or one of the recovery codes. */
export const recoveryCodesRenewSchema = z
  .object({ password: currentPasswordField, code: secondStepCodeField })
  .strict();
export type RecoveryCodesRenew = z.infer<typeof recoveryCodesRenewSchema>;
/** Turning two-factor on in settings: the app's code, and the account's password (a session alone is not enough). */
export const twoFactorConfirmSchema = z
  .object({ code: totpCodeField, password: currentPasswordField })
  .strict();
export type TwoFactorConfirm = z.infer<typeof twoFactorConfirmSchema>;

/**
 * Why an administrator removes another account's two-factor sign-in (its owner lost the
 * authenticator and the recovery codes, or found an app that is not theirs), and how the
 * administrator checked it is the owner asking. Kept with the administrator and the time, and told
 * to the owner.
 */
export const twoFactorResetReasons = [
  'lostDevicePhoneCall',
  'lostDeviceInPerson',
  'unknownAuthenticator',
] as const;
export type TwoFactorResetReason = (typeof twoFactorResetReasons)[number];
/** Admin: remove a user's authenticator and recovery codes; the administrator's own password confirms it. */
export const twoFactorResetSchema = z
  .object({
    reason: z.enum(twoFactorResetReasons, { error: 'twoFactorResetReasonInvalid' }),
    password: currentPasswordField,
  })
  .strict();
export type TwoFactorReset = z.infer<typeof twoFactorResetSchema>;

/** Sign-in answered before the token: the password was right, a second step is needed. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
/** The administrator requires two-factor of this account and it has none yet: enrol first. */
export const twoFactorEnrolmentSchema = z.object({
  twoFactorEnrolmentRequired: z.literal(true),
  challenge: z.string(),
});

/** An authenticator to add: the secret (to type in), the otpauth:// address and a QR code of it (SVG). */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Ten single-use recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** Two-factor turned on in settings: the recovery codes, and this browser's new token (every other session ended). */
export const twoFactorEnabledSchema = recoveryCodesSchema.extend({ token: z.string() });

export const twoFactorStatusSchema = z.object({
  /** An authenticator app is on. */
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The administrator's switch requires it of this account (off only to move to a new phone, with a code). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
/** Turned off: the status, and (when it was on) this browser's new token, every other session ended. */
export const twoFactorDisabledSchema = twoFactorStatusSchema.extend({ token: z.string().optional() });

/** What signing in with a password answers: the session, or the next step's challenge. */
export type LoginAnswer =
  LoginResponse | z.infer<typeof twoFactorChallengeSchema> | z.infer<typeof twoFactorEnrolmentSchema>;

/** WebAuthn JSON as the browser library sends and takes it (checked by @simplewebauthn/server). */
const webAuthnJson = z.looseObject({});
const credentialJson = z.looseObject({
  id: z.string().max(1400),
  rawId: z.string().max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({}),
});

/** A passkey's id (the credential id, base64url). */
export const passkeyParams = z.object({ id: z.string().regex(/^[\w-]{8,1400}$/, { error: 'notFound' }) });
export const passkeyRegistrationSchema = z.object({ response: credentialJson }).strict();
export const passkeyOptionsSchema = webAuthnJson;
export const passkeySignInOptionsSchema = z.object({ challenge: z.string(), options: webAuthnJson });
export const passkeySignInSchema = z.object({ challenge: challengeField, response: credentialJson }).strict();

/** A passkey of the own account, as the settings list it. */
export const passkeySchema = z.object({
  id: z.string(),
  /** The browser and system it was made on ("Chrome on Android"). */
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** A signed-in browser of the own account, as the security screen lists it. */
export const sessionSchema = z.object({
  /** Names the session for "sign out" (not a credential: a token needs its signature). */
  id: z.string(),
  /** The browser and system from its User-Agent ("Chrome on Android"). */
  device: z.string(),
  /** ISO 3166 country of the address it signed in from; null when unknown (a private network). */
  country: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionParams = z.object({ id: z.string().regex(/^[\w-]{8,64}$/, { error: 'notFound' }) });
/** "Sign out all others": how many were listed, and this browser's new token (every older one stopped). */
export const signedOutSchema = z.object({ signedOut: z.number().int(), token: z.string() });
