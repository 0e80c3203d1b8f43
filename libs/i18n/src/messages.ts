import type { i18n as I18n } from 'i18next';
import { languages, messages, type Language } from '@medrelay/contracts';

// The contracts' validation and error messages (every API error, both languages) as the
// `messages` namespace, so a form shows the same words as the API. Added by the chunks of the
// screens that show them (sign-in, registration, the role areas), not by the landing page,
// which shows none (landing ≤ 200 KB on the wire).

export const messagesNamespace = 'messages';

function messageResources(language: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([key, texts]) => [key, texts[language]]));
}

/** Adds the `messages` namespace to the page's i18next instance, once. */
export function addMessageTexts(i18n: I18n): void {
  for (const language of languages) {
    if (!i18n.hasResourceBundle(language, messagesNamespace)) {
      i18n.addResourceBundle(language, messagesNamespace, messageResources(language), true, false);
    }
  }
}
