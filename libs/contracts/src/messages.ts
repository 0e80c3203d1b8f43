/**
 * Validation and error messages, keyed by a stable code. Schemas carry the key as their
 * zod message; the server answers in the caller's language and the browser renders the same
 * key from its own i18n resources. English texts are the exact wording of spec §5 and §8.
 */
import { deletedAccountName } from '@medrelay/domain/user-status';
import type { Language } from './languages';
import { accountMessages } from './message-tables/accounts';
import { apiAnswerMessages } from './message-tables/api-answers';
import { catalogRequestMessages } from './message-tables/catalog-requests';
import { notificationMessages } from './message-tables/notifications';
import { packCodeMessages } from './message-tables/pack-codes';
import { recallMessages } from './message-tables/recalls';
import { messageParamLabels, messageParamListSeparator } from './message-tables/param-labels';
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
 * The nouns a count is written with (`{days|day}`): Arabic has a form for one, two, three to ten
 * and eleven up ("يوم واحد", "يومين", "5 أيام", "12 يوم"), English for one and more; `#` is the
 * count, in Latin digits.
 */
export const countedNouns = {
  day: {
    en: { one: '# day', other: '# days' },
    ar: { one: 'يوم واحد', two: 'يومين', few: '# أيام', other: '# يوم' },
  },
  unit: {
    en: { one: '# unit', other: '# units' },
    ar: { one: 'وحدة واحدة', two: 'وحدتين', few: '# وحدات', other: '# وحدة' },
  },
  hour: {
    en: { one: '# hour', other: '# hours' },
    ar: { one: 'ساعة واحدة', two: 'ساعتين', few: '# ساعات', other: '# ساعة' },
  },
  minute: {
    en: { one: '# minute', other: '# minutes' },
    ar: { one: 'دقيقة واحدة', two: 'دقيقتين', few: '# دقايق', other: '# دقيقة' },
  },
  newMatch: {
    en: { one: '# new match', other: '# new matches' },
    ar: {
      one: 'حاجة جديدة مناسبة',
      two: 'حاجتين جداد مناسبين',
      few: '# حاجات جديدة مناسبة',
      other: '# حاجة جديدة مناسبة',
    },
  },
} as const satisfies Record<string, Record<Language, Partial<Record<Intl.LDMLPluralRule, string>>>>;
export type CountedNoun = keyof typeof countedNouns;

const pluralRules = { en: new Intl.PluralRules('en'), ar: new Intl.PluralRules('ar') };

/** A count with its noun in a language: `counted(5, 'day', 'ar')` is "5 أيام". */
export function counted(count: number, noun: CountedNoun, language: Language): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = countedNouns[noun][language];
  const form = forms[pluralRules[language].select(count)] ?? forms.other!;
  return form.replace('#', String(count));
}

/**
 * Renders a message in a language, filling `{name}` placeholders with the params as given,
 * `{name:kind}` ones with the word for the value (`messageParamLabels`, e.g. `{from:status}`) and
 * `{name|noun}` ones with the count and its noun (`countedNouns`, e.g. `{days|day}`).
 */
export function translate(key: MessageKey, language: Language, params: Record<string, string | number> = {}) {
  return fill(messages[key][language], language, params, true);
}

/**
 * A value as a reader sees it: a deleted account's placeholder name (libs/domain
 * `deletedAccountName`, kept in read models and stored notices) in the reader's language.
 */
export function shownValue(value: string | number, language: Language): string {
  return value === deletedAccountName ? messages.deletedAccount[language] : String(value);
}

/**
 * A text's placeholders filled. A `{name:kind}` value listing several (comma-separated) shows
 * each one's word, joined as the language lists them; the words' own placeholders are filled
 * from the same params (`words`: one level, never a word within a word).
 */
function fill(
  text: string,
  language: Language,
  params: Record<string, string | number>,
  words: boolean,
): string {
  return text.replace(/\{(\w+)(?:([:|])(\w+))?\}/g, (whole, name: string, mark?: string, kind?: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (mark === '|' && kind && kind in countedNouns && Number.isFinite(Number(value)))
      return counted(Number(value), kind as CountedNoun, language);
    const labels =
      mark === ':' && kind
        ? (messageParamLabels as Record<string, Record<string, Record<Language, string>>>)[kind]
        : null;
    if (!labels) return shownValue(value, language);
    return String(value)
      .split(',')
      .map((item) => {
        const word = labels[item]?.[language];
        if (word === undefined) return item;
        return words ? fill(word, language, params, false) : word;
      })
      .join(messageParamListSeparator[language]);
  });
}
