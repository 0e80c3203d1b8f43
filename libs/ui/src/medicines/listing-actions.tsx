import { useRef } from 'react';
import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useUnlistMedicine } from '@medrelay/api-client';
import type { Medicine } from '@medrelay/contracts';
import { ConfirmDialog } from '../components/confirm-dialog';
import { focusAfterLeaving } from '../components/focus-landing';
import { useNotify } from '../use-notify';
import { MedicineFormDialog } from './medicine-form-dialog';
import { useSaveMedicine } from './use-save-medicine';

/**
 * An owner's actions on one of their listings (a pharmacy's stock, a donor's donation): edit it,
 * prices only where it has them, and take it off offer after a confirmation.
 */
export function ListingActions({ medicine, withPrices }: { medicine: Medicine; withPrices: boolean }) {
  const { t } = useTranslation('common');
  const save = useSaveMedicine();
  const unlist = useUnlistMedicine();
  const notify = useNotify();
  const unlistButton = useRef<HTMLButtonElement>(null);
  const confirmUnlist = async () => {
    // Unlisted, the row stays (Unavailable) without this button: focus stays on the row.
    const moveFocus = focusAfterLeaving(unlistButton.current);
    try {
      await unlist.mutateAsync(medicine.id);
      moveFocus();
      notify.success(t('toast.medicineUnlisted'), t('toast.medicineUnlistedBody', { name: medicine.name }));
    } catch (error) {
      notify.failure(t('toast.medicineUpdateFailed'), error);
    }
  };
  return (
    <>
      <MedicineFormDialog
        trigger={<Button aria-label={`${t('listing.edit')}: ${medicine.name}`}>{t('listing.edit')}</Button>}
        title={t('listing.editTitle', { name: medicine.name })}
        submitLabel={t('listing.save')}
        withPrices={withPrices}
        medicine={medicine}
        onSave={(values, photo, changes) => save(values, photo, { medicine, changes })}
      />
      {medicine.isAvailable && (
        <ConfirmDialog
          trigger={
            <Button
              ref={unlistButton}
              disabled={unlist.isPending}
              aria-label={`${t('listing.unlist')}: ${medicine.name}`}
            >
              {t('listing.unlist')}
            </Button>
          }
          title={t('listing.unlistTitle', { name: medicine.name })}
          body={t('listing.unlistBody')}
          confirmLabel={t('listing.unlist')}
          onConfirm={() => void confirmUnlist()}
        />
      )}
    </>
  );
}
