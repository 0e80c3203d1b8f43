import { useTranslation } from 'react-i18next';
import {
  MatchDeepLink,
  MedicineBrowser,
  PageHeader,
  RequestMedicineButton,
  type MatchRequest,
} from '@medrelay/ui';

/** The pharmacy's request wording, for browse, match cards and match links. */
export function useTransferRequest(): MatchRequest {
  const { t } = useTranslation('pharmacy');
  return {
    label: t('browse.requestTransfer'),
    notesKind: 'transfer',
    successTitle: t('common:toast.requestSubmitted'),
  };
}

/** `/pharmacy/browse`: stock offered to pharmacies by other pharmacies and donors, page by page. */
export default function BrowseStock() {
  const { t } = useTranslation('pharmacy');
  const request = useTransferRequest();
  return (
    <>
      <PageHeader title={t('browse.title')} subtitle={t('browse.subtitle')} />
      <MatchDeepLink request={request} />
      <MedicineBrowser
        fixed={{ recipientType: 'pharmacies' }}
        sorts={['expiry', 'name', 'price']}
        label={t('browse.title')}
        failedTitle={t('browse.loadFailed')}
        countLabel={(count, estimated) => t(estimated ? 'browse.foundAbout' : 'browse.found', { count })}
        empty={t('browse.empty')}
        emptyBody={(searching) => (searching ? t('browse.emptyBody') : undefined)}
        actions={(m) => <RequestMedicineButton medicine={m} {...request} />}
      />
    </>
  );
}
