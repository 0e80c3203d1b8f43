import type { MailTemplate } from './mail';

/**
 * What the administrator's "Email Notifications" switch governs, decided once for every template.
 * 'notice': news of what happened (account decisions, transfers, digests); the platform works
 * without it, so the switch may hold it back. 'always': the reader needs it to use or protect the
 * account (a verification, reset or unlock link; word of a password change, a new passkey,
 * two-factor turned on or off, a lock-out) or it is patient safety (recalls): switching notices off must never stop those.
 * A new template has to be placed here (the type lists them all).
 */
export const notificationSwitch: Record<MailTemplate, 'notice' | 'always'> = {
  'registration-received': 'always', // carries the verification link
  'account-approved': 'notice', // 'always' when it carries the verification link (an unproven address)
  // Says why and how to apply again: without it the registrant cannot put it right.
  'account-rejected': 'always',
  'account-suspended': 'notice',
  'account-reactivated': 'notice',
  'admin-new-registration': 'notice',
  'admin-registration-digest': 'notice',
  'admin-account-locked': 'always',
  'admin-license-digest': 'notice',
  'pharmacist-license-accepted': 'notice',
  // The NGO's licence was cleared: without the reason it cannot put it right (Law 127/1955).
  'pharmacist-license-rejected': 'always',
  'request-approved': 'notice',
  'pickup-confirmed': 'notice',
  'pickup-changed': 'notice',
  'pickup-called-off': 'notice',
  // A recall: a party who missed it would go to collect, or hand over, a recalled batch.
  'pickup-on-hold': 'always',
  'pickup-reminder': 'notice',
  'expiry-digest': 'notice',
  'recall-quarantined': 'always',
  'recall-lifted': 'always',
  'need-match-digest': 'notice',
  'registration-existing-account': 'always',
  'account-locked-owner': 'always',
  'password-reset': 'always',
  'password-changed': 'always',
  'email-verification': 'always',
  'email-change-requested': 'always',
  'passkey-added': 'always',
  'passkey-removed': 'always',
  // The owner's proof that the erasure they asked for happened (Law 151/2020), and the only word of it.
  'account-deleted': 'always',
  'two-factor-changed': 'always',
  // The only word the owner gets that someone removed their second factor.
  'two-factor-reset': 'always',
  // A recovery code stands in for the phone: the owner's only word that someone else used one.
  'recovery-code-used': 'always',
  'recovery-codes-replaced': 'always',
};

/** Whether the switch, when off, stops this e-mail. */
export function stoppedBySwitch(mail: { template: MailTemplate; sealed?: unknown }): boolean {
  // An approval of an account whose address is unproven carries the verification link: it always goes.
  if (mail.template === 'account-approved' && mail.sealed !== undefined) return false;
  return notificationSwitch[mail.template] === 'notice';
}
