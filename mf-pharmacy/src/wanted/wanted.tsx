import { useTranslation } from 'react-i18next';
import { NeedsScreen } from '@medrelay/ui';
import { useTransferRequest } from '../browse/browse-stock';

/** `/pharmacy/wanted`: what the pharmacy wants from other pharmacies ("Wanted"). */
export default function Wanted() {
  const { t } = useTranslation('pharmacy');
  return (
    <NeedsScreen title={t('wanted.title')} subtitle={t('wanted.subtitle')} request={useTransferRequest()} />
  );
}
