import { z } from 'zod';
import { twoFactorResetReasons } from './account-security';
import { fromIdentity, text, yesNo } from './mail-fields';

/**
 * What the account's own security e-mails show (mail.ts `mailContents` has the rest): an address
 * that has an account, locks, links, the password, the address, passkeys, two-factor and its
 * recovery codes, and the account's deletion. Most go even when the administrator switches
 * notification e-mails off (mail-switch.ts).
 */
export const securityMailContents = {
  'registration-existing-account': {
    data: { ...fromIdentity, name: text, loginUrl: text, resetUrl: text },
    sealed: {},
  },
  'account-locked-owner': {
    data: { ...fromIdentity, name: text, hours: text, minutes: text },
    sealed: { unlockUrl: text },
  },
  'password-reset': {
    data: { ...fromIdentity, name: text, minutes: text },
    sealed: { resetUrl: text },
  },
  // Sent to the address as it was, after the account's deletion (it has none any more).
  'account-deleted': { data: { ...fromIdentity, name: text, registerUrl: text }, sealed: {} },
  'password-changed': {
    // 'yes' by a reset link (which removes the passkeys); jobs queued before the field were resets.
    data: { ...fromIdentity, name: text, resetUrl: text, passkeysRemoved: yesNo.default('yes') },
    sealed: {},
  },
  'email-verification': {
    data: { ...fromIdentity, name: text, hours: text, change: yesNo },
    sealed: { verifyUrl: text },
  },
  'email-change-requested': {
    data: { ...fromIdentity, name: text, newEmail: text, resetUrl: text },
    sealed: {},
  },
  'passkey-added': { data: { ...fromIdentity, name: text, device: text, resetUrl: text }, sealed: {} },
  'passkey-removed': { data: { ...fromIdentity, name: text, device: text, resetUrl: text }, sealed: {} },
  // Turned on or off by its owner; off where the administrator's switch requires it (a lost
  // phone), the next sign-in enrols again ('yes'; jobs queued before the field: 'no').
  'two-factor-changed': {
    data: {
      ...fromIdentity,
      name: text,
      turned: z.enum(['on', 'off']),
      enrolAgain: yesNo.default('no'),
      resetUrl: text,
    },
    sealed: {},
  },
  // An administrator removed the authenticator: when (Cairo, the owner's language), why, and
  // whether the next sign-in enrols again ('yes' when the administrator's switch requires it).
  'two-factor-reset': {
    data: {
      ...fromIdentity,
      name: text,
      at: text,
      reason: z.enum(twoFactorResetReasons),
      enrolAgain: yesNo,
      loginUrl: text,
      resetUrl: text,
    },
    sealed: {},
  },
  // A recovery code signed in or turned two-factor off: when (Cairo, the owner's language), from
  // which browser ('' when it sent no name), how many are left, and whether to make new ones.
  'recovery-code-used': {
    data: {
      ...fromIdentity,
      name: text,
      by: z.enum(['sign-in', 'two-factor-off']),
      at: text,
      device: text,
      left: text,
      fewLeft: yesNo,
      resetUrl: text,
    },
    sealed: {},
  },
  // The owner replaced every recovery code with a new set in settings (when, from which browser).
  'recovery-codes-replaced': {
    data: { ...fromIdentity, name: text, at: text, device: text, resetUrl: text },
    sealed: {},
  },
};
