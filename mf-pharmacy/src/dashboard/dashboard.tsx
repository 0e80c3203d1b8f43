import { useTranslation } from 'react-i18next';
import { PageHeader, useRemote, WelcomeMessage } from '@medrelay/ui';

/** `/pharmacy/dashboard`. */
export function Dashboard() {
  const { t } = useTranslation('pharmacy');
  const { user } = useRemote();
  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <WelcomeMessage title={t('dashboard.welcome', { name: user.name })} />
    </>
  );
}
