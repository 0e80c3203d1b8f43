import { useTranslation } from 'react-i18next';
import { MedicineBrowser, PageHeader } from '@medrelay/ui';
import { RequestPickup } from '../request-pickup';

/** `/ngo/pharmacy-stock`: only medicines a pharmacy listed for NGOs (spec §2). */
export default function PharmacyStock() {
  const { t } = useTranslation('ngo');
  return (
    <>
      <PageHeader title={t('pharmacyStock.title')} subtitle={t('pharmacyStock.subtitle')} />
      <MedicineBrowser
        fixed={{ recipientType: 'ngos', source: 'pharmacy' }}
        sorts={['expiry', 'name', 'price']}
        label={t('pharmacyStock.title')}
        failedTitle={t('pharmacyStock.loadFailed')}
        empty={(searching) => t(searching ? 'pharmacyStock.noMatch' : 'pharmacyStock.none')}
        actions={(m) => <RequestPickup medicine={m} />}
      />
    </>
  );
}
