import i18next, { type i18n as I18n, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { languages, type Language } from '@medrelay/contracts';
import { common } from './common';
import { deletedAccountNames } from './names';

export const languageStorageKey = 'i18nextLng';

export function currentLanguage(i18n: I18n): Language {
  return i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
}

/** Arabic reads right to left; the whole document follows the language (spec §1). */
export function applyDocumentLanguage(language: Language, doc: Document = document) {
  doc.documentElement.lang = language;
  doc.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * One i18next instance for the whole page: the shell creates it and hands it to every remote,
 * which adds its own namespace. Detection: stored choice (`i18nextLng`), then the browser; fallback en.
 */
export async function createI18n(): Promise<I18n> {
  const instance = i18next.createInstance();
  const resources: Resource = {};
  for (const language of languages) {
    // The contracts' messages come later with the screens that show them (messages.ts).
    resources[language] = { common: common[language] };
  }
  await instance
    .use(LanguageDetector)
    .use(initReactI18next)
    .use(deletedAccountNames)
    .init({
      resources,
      supportedLngs: [...languages],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      ns: ['common'],
      defaultNS: 'common',
      // Signed-in screens' texts arrive later in their own namespace (work.ts); keys keep their names.
      fallbackNS: 'work',
      interpolation: { escapeValue: false },
      postProcess: [deletedAccountNames.name],
      detection: {
        order: ['localStorage', 'navigator'],
        // Store 'ar' or 'en' (spec §9), not the browser's 'ar-EG'.
        convertDetectedLanguage: (language: string) => language.split('-')[0] ?? language,
        lookupLocalStorage: languageStorageKey,
        caches: ['localStorage'],
      },
      returnNull: false,
    });
  applyDocumentLanguage(currentLanguage(instance));
  instance.on('languageChanged', () => applyDocumentLanguage(currentLanguage(instance)));
  return instance;
}

/** Adds an app's own texts (its namespace) in both languages. */
export function addTexts(i18n: I18n, namespace: string, texts: Record<Language, Record<string, unknown>>) {
  for (const language of languages) {
    if (!i18n.hasResourceBundle(language, namespace)) {
      i18n.addResourceBundle(language, namespace, texts[language], true, false);
    }
  }
}
