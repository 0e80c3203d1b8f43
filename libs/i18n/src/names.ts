import type { Module } from 'i18next';
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
