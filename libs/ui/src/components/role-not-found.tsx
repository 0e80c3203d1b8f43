import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from './empty-state';

/** An unknown path inside a role's area: the 404 of spec §2, inside the chrome. */
export function RoleNotFound() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <EmptyState
      title={t('notFound.title')}
      body={t('notFound.hint')}
      action={<Button onClick={() => navigate('/dashboard')}>{t('nav.dashboard')}</Button>}
    />
  );
}
