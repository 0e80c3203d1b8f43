import { createHash, randomBytes } from 'node:crypto';
import type { PoolClient } from '@medrelay/service-kit';
import { consumeLink, findLinkOwner, insertLink } from './repo';

/** What an e-mailed single-use link does when opened. */
export type LinkPurpose = 'password-reset' | 'email-verification' | 'email-change' | 'unlock';

/**
 * The links a new password ends: someone who knew the old one may have asked for them (an
 * e-mail change to their own address above all), and the owner setting a new password is told
 * to do exactly that when they did not ask.
 */
export const linksEndedByNewPassword: readonly LinkPurpose[] = ['password-reset', 'email-change', 'unlock'];

/**
 * Every kind of link: all end when the account's address changes (a reset or unlock link sent to
 * the old one must not open the account now) and when the account is rejected or suspended (a
 * link asked for before must not outlive the decision, nor work after a reinstatement).
 */
export const allLinkPurposes: readonly LinkPurpose[] = [
  'password-reset',
  'email-verification',
  'email-change',
  'unlock',
];

/** The links sent to the account's own address: they open nothing once the address is another. */
export const linksToAccountAddress: readonly LinkPurpose[] = ['password-reset', 'unlock'];

/** Only the token's digest is stored: a copy of the table opens nothing. */
const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * Makes a single-use link token for the account (256 random bits) valid until `expiresAt`, in
 * the transaction that queues its e-mail; returns the token for the e-mail (sealed in the job).
 */
export async function issueLink(
  client: PoolClient,
  link: { userId: number; purpose: LinkPurpose; email: string; expiresAt: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertLink(client, { ...link, tokenHash: digest(token) });
  return token;
}

/** The account a link token was issued to (used or not), or null when unknown. */
export function linkOwner(client: PoolClient, token: string) {
  return findLinkOwner(client, digest(token));
}

/** Uses a link token once; null when it is unknown, used, expired or of another purpose. */
export function useLink(client: PoolClient, token: string, purposes: readonly LinkPurpose[], now: Date) {
  return consumeLink(client, digest(token), purposes, now);
}

/** The address of a page of the platform with the link's token in the fragment (kept out of server logs and referrers). */
export function linkUrl(publicUrl: string, page: string, token: string): string {
  return `${publicUrl}${page}#token=${token}`;
}
