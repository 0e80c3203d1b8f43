import { Button } from '@fluentui/react-components';
import { LocalLanguage24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { apiRequest, useSession } from '@medrelay/api-client';

/**
 * Switches between English and Arabic. The choice is kept in localStorage (`i18nextLng`) by
 * i18next; a signed-in user's account also remembers it, so e-mails come in the same language.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const { data: user } = useSession();
  const next = i18n.resolvedLanguage === 'ar' ? 'en' : 'ar';
  const switchLanguage = async () => {
    await i18n.changeLanguage(next);
    if (user && user.language !== next) {
      await apiRequest('PUT', '/api/auth/me', { language: next }).catch(() => undefined);
    }
  };
  return (
    <Button
      appearance="subtle"
      icon={<LocalLanguage24Regular />}
      onClick={() => void switchLanguage()}
      lang={next}
      aria-label={`${t('language.label')}: ${t(`language.${next}`)}`}
    >
      {t('language.switchTo')}
    </Button>
  );
}
