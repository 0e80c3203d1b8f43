import { useTranslation } from 'react-i18next';
import { MedicineBrowser, PageHeader, RequestMedicineButton } from '@medrelay/ui';

/** `/pharmacy/browse`: stock offered to pharmacies by other pharmacies and donors, page by page. */
export default function BrowseStock() {
  const { t } = useTranslation('pharmacy');
  return (
    <>
      <PageHeader title={t('browse.title')} subtitle={t('browse.subtitle')} />
      <MedicineBrowser
        fixed={{ recipientType: 'pharmacies' }}
        sorts={['expiry', 'name', 'price']}
        label={t('browse.title')}
        failedTitle={t('browse.loadFailed')}
        countLabel={(count, estimated) => t(estimated ? 'browse.foundAbout' : 'browse.found', { count })}
        empty={t('browse.empty')}
        emptyBody={(searching) => (searching ? t('browse.emptyBody') : undefined)}
        actions={(m) => (
          <RequestMedicineButton
            medicine={m}
            label={t('browse.requestTransfer')}
            notesKind="transfer"
            successTitle={t('common:toast.requestSubmitted')}
          />
        )}
      />
    </>
  );
}
