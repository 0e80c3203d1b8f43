import { Button } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { myMedicinesPageSize, useMyMedicines, useUnlistMedicine } from '@medrelay/api-client';
import type { Medicine } from '@medrelay/contracts';
import {
  ConfirmDialog,
  EmptyState,
  MedicineFormDialog,
  MedicineRow,
  PageHeader,
  PagedList,
  useNotify,
  usePaging,
  useSaveMedicine,
} from '@medrelay/ui';

function MedicineActions({ medicine }: { medicine: Medicine }) {
  const { t } = useTranslation('pharmacy');
  const save = useSaveMedicine();
  const unlist = useUnlistMedicine();
  const notify = useNotify();
  const confirmUnlist = async () => {
    try {
      await unlist.mutateAsync(medicine.id);
      notify.success(
        t('common:toast.medicineUnlisted'),
        t('common:toast.medicineUnlistedBody', { name: medicine.name }),
      );
    } catch (error) {
      notify.failure(t('common:toast.medicineUpdateFailed'), error);
    }
  };
  return (
    <>
      <MedicineFormDialog
        trigger={
          <Button aria-label={`${t('medicines.edit')}: ${medicine.name}`}>{t('medicines.edit')}</Button>
        }
        title={t('medicines.editTitle', { name: medicine.name })}
        submitLabel={t('medicines.save')}
        withPrices
        medicine={medicine}
        onSave={(values, photo, changes) => save(values, photo, { medicine, changes })}
      />
      {medicine.isAvailable && (
        <ConfirmDialog
          trigger={
            <Button disabled={unlist.isPending} aria-label={`${t('medicines.unlist')}: ${medicine.name}`}>
              {t('medicines.unlist')}
            </Button>
          }
          title={t('medicines.unlistTitle', { name: medicine.name })}
          body={t('medicines.unlistBody')}
          confirmLabel={t('medicines.unlist')}
          onConfirm={() => void confirmUnlist()}
        />
      )}
    </>
  );
}

/** `/pharmacy/medicines`: own listings a page at a time, with the List New Medicine dialog, edit and unlist. */
export default function MyMedicines() {
  const { t } = useTranslation('pharmacy');
  const paging = usePaging(myMedicinesPageSize);
  const medicines = useMyMedicines({ page: paging.page, pageSize: myMedicinesPageSize });
  const save = useSaveMedicine();
  return (
    <>
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
      <PagedList
        query={medicines}
        paging={paging}
        label={t('medicines.title')}
        failedTitle={t('medicines.loadFailed')}
        empty={<EmptyState title={t('medicines.empty')} body={t('medicines.emptyBody')} />}
      >
        {(m) => (
          <MedicineRow key={m.id} medicine={m} showAvailability actions={<MedicineActions medicine={m} />} />
        )}
      </PagedList>
    </>
  );
}
