import { Button } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { myMedicinesPageSize, useMyMedicines } from '@medrelay/api-client';
import {
  EmptyState,
  ListingActions,
  MedicineFormDialog,
  MedicineRow,
  OwnPlaceHint,
  PageHeader,
  PagedList,
  usePaging,
  useSaveMedicine,
  useTitleFocusOnArrival,
} from '@medrelay/ui';

/** `/pharmacy/medicines`: own listings a page at a time, with the List New Medicine dialog, edit and unlist. */
export default function MyMedicines() {
  const { t } = useTranslation('pharmacy');
  const paging = usePaging(myMedicinesPageSize);
  const medicines = useMyMedicines({ page: paging.page, pageSize: myMedicinesPageSize });
  const save = useSaveMedicine();
  // Reached from Add Medicine once listed: focus on the title (the new listing heads the list).
  const top = useTitleFocusOnArrival<HTMLDivElement>();
  return (
    <div ref={top}>
      <PageHeader
        title={t('medicines.title')}
        subtitle={t('medicines.subtitle')}
        actions={
          <MedicineFormDialog
            trigger={
              <Button appearance="primary" icon={<Add24Regular />}>
                {t('medicines.add')}
              </Button>
            }
            title={t('medicines.dialogTitle')}
            submitLabel={t('medicines.submit')}
            withPrices
            onSave={(values, photo) => save(values, photo)}
          />
        }
      />
      <OwnPlaceHint />
      <PagedList
        query={medicines}
        paging={paging}
        label={t('medicines.title')}
        failedTitle={t('medicines.loadFailed')}
        empty={<EmptyState title={t('medicines.empty')} body={t('medicines.emptyBody')} />}
      >
        {(m) => (
          <MedicineRow
            key={m.id}
            medicine={m}
            showAvailability
            actions={<ListingActions medicine={m} withPrices />}
          />
        )}
      </PagedList>
    </div>
  );
}
