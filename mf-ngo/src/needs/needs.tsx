import { useTranslation } from 'react-i18next';
import { NeedsScreen } from '@medrelay/ui';
import { usePickupRequest } from '../request-pickup';

/** `/ngo/needs`: the NGO's wanted list ("What we need"). */
export default function Needs() {
  const { t } = useTranslation('ngo');
  return <NeedsScreen title={t('needs.title')} subtitle={t('needs.subtitle')} request={usePickupRequest()} />;
}
