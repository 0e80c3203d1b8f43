import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser tab names the screen, in the page's language: "Sign in · MedRelay". */
export function usePageTitle(title: string) {
  const { t } = useTranslation('common');
  const product = t('appName');
  useEffect(() => {
    document.title = `${title} · ${product}`;
  }, [title, product]);
}
