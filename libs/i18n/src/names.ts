import type { Module } from 'i18next';
import { useTranslation } from 'react-i18next';
import { deletedAccountName } from '@medrelay/domain/user-status';
import type { Language } from '@medrelay/contracts';
import { common } from './common';

/**
 * A deleted account keeps a placeholder name (libs/domain `deletedAccountName`) in the services'
 * read models and stored notices; the reader sees it in their language ("مستخدم محذوف").
 */
export function shownName(name: string, language: Language): string {
  return name === deletedAccountName ? common[language].deletedAccount : name;
}

/**
 * `shownName` in the page's language, for a name shown as it is rather than inside a translated
 * text (a card's owner, a contact, a list's party); re-renders on language change.
 */
export function useShownName(): (name: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
  return (name) => shownName(name, language);
}

/** The same inside any translated text that names someone (every `t` call, through postProcess). */
export const deletedAccountNames = {
  type: 'postProcessor',
  name: 'deletedAccountNames',
  process(
    value: string,
    _key: unknown,
    options: { lng?: string } | undefined,
    translator: { language?: string },
  ) {
    const language = options?.lng ?? translator.language;
    if (!language?.startsWith('ar') || !value.includes(deletedAccountName)) return value;
    return value.replaceAll(deletedAccountName, common.ar.deletedAccount);
  },
} satisfies Module & Record<string, unknown>;
