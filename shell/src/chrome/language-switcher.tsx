import { Button } from '@fluentui/react-components';
import { LocalLanguage24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from './use-change-language';
import { useHeaderStyles } from './header-styles';

/** Switches between English and Arabic (spec §1); the button names the other language. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const styles = useHeaderStyles();
  const changeLanguage = useChangeLanguage();
  const next = i18n.resolvedLanguage === 'ar' ? 'en' : 'ar';
  return (
    <Button
      appearance="subtle"
      className={styles.control}
      // On a phone the word alone: it is what a reader of the other language looks for.
      icon={{ children: <LocalLanguage24Regular />, className: styles.phoneNone }}
      onClick={() => void changeLanguage(next)}
      title={t('language.label')}
    >
      <span lang={next}>{t('language.switchTo')}</span>
    </Button>
  );
}
