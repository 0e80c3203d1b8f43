import type { Language } from './languages';

/**
 * The message of a guarded call made without a session, apart from `messages` (which includes it)
 * because the browser's default loader needs it on every screen, the landing page too, and the
 * full table of messages does not belong in the landing page's download.
 */
export const authenticationRequired = {
  en: 'Please sign in to continue',
  ar: 'من فضلك سجل دخول الأول',
} as const satisfies Record<Language, string>;
