import { Button } from '@fluentui/react-components';
import { LocalLanguage24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from './use-change-language';

/** Switches between English and Arabic (spec §1); the button names the other language. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const changeLanguage = useChangeLanguage();
  const next = i18n.resolvedLanguage === 'ar' ? 'en' : 'ar';
  return (
    <Button
      appearance="subtle"
      icon={<LocalLanguage24Regular />}
      onClick={() => void changeLanguage(next)}
      title={t('language.label')}
    >
      <span lang={next}>{t('language.switchTo')}</span>
    </Button>
  );
}
