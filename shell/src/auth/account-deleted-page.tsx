import { Text } from '@fluentui/react-components';
import { useDeleteAccountTexts } from '../settings/delete-account-texts';
import { AuthLayout } from './auth-layout';
import { usePageTitle } from '../chrome/use-page-title';

/** `/account-deleted`: where a donor's browser lands, signed out, once their account is deleted. */
export function AccountDeletedPage() {
  const { t } = useDeleteAccountTexts();
  usePageTitle(t('doneTitle'));
  return (
    <AuthLayout
      title={t('doneTitle')}
      subtitle=""
      footer={{ text: t('doneAgain'), to: '/register', link: t('doneRegister') }}
      onSubmit={(e) => e.preventDefault()}
    >
      <Text role="status">{t('doneBody')}</Text>
    </AuthLayout>
  );
}
