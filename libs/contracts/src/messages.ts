/**
 * Validation and error messages, keyed by a stable code. Schemas carry the key as their
 * zod message; the server answers in the caller's language and the browser renders the same
 * key from its own i18n resources. English texts are the exact wording of spec §5 and §8.
 */
import type { Language } from './languages';
import { accountMessages } from './message-tables/accounts';
import { apiAnswerMessages } from './message-tables/api-answers';
import { catalogRequestMessages } from './message-tables/catalog-requests';
import { notificationMessages } from './message-tables/notifications';
import { packCodeMessages } from './message-tables/pack-codes';
import { recallMessages } from './message-tables/recalls';
import { messageParamLabels } from './message-tables/param-labels';
import { validationMessages } from './message-tables/validation';

export { languages, type Language } from './languages';

/** Every message, one table (a test checks that no key is defined in two of its parts). */
export const messages = {
  ...validationMessages,
  ...apiAnswerMessages,
  ...catalogRequestMessages,
  ...packCodeMessages,
  ...notificationMessages,
  ...recallMessages,
  ...accountMessages,
};

export type MessageKey = keyof typeof messages;

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, value);
}

export { messageParamLabels, type MessageParamKind } from './message-tables/param-labels';

/**
 * Renders a message in a language, filling `{name}` placeholders with the params as given and
 * `{name:kind}` ones with the word for the value (`messageParamLabels`, e.g. `{from:status}`).
 */
export function translate(key: MessageKey, language: Language, params: Record<string, string | number> = {}) {
  return messages[key][language].replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name: string, kind?: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    const labels = kind
      ? (messageParamLabels as Record<string, Record<string, Record<Language, string>>>)[kind]
      : null;
    return labels?.[String(value)]?.[language] ?? String(value);
  });
}
