import { useTranslation } from 'react-i18next';
import { isKeptForLater, useCreateMedicine, useUpdateMedicine } from '@medrelay/api-client';
import type { Medicine, MedicineCreate, MedicineUpdateInput } from '@medrelay/contracts';
import { errorDescription, useNotify } from '../use-notify';

interface SaveTexts {
  created: string;
  createdBody?: string;
  createFailed: string;
}

/**
 * Saves the medicine form (a new listing, or an edit of `medicine` sending only the changed
 * fields) with the toasts of spec §8. Resolves when saved (null: a new listing kept offline, to
 * be sent when the connection returns); rejects (after the failure toast) so the form can mark
 * its fields. Donations pass their own wording.
 */
export function useSaveMedicine(texts?: SaveTexts) {
  const { t } = useTranslation('common');
  const notify = useNotify();
  const create = useCreateMedicine();
  const update = useUpdateMedicine();
  const wording = texts ?? {
    created: t('toast.listingSuccess'),
    createdBody: t('toast.listingSuccessBody'),
    createFailed: t('toast.listingFailed'),
  };

  return async (
    values: MedicineCreate,
    photo: File | null,
    edit?: { medicine: Medicine; changes: MedicineUpdateInput },
  ): Promise<Medicine | null> => {
    if (edit) {
      const { medicine, changes } = edit;
      if (!Object.keys(changes).length && !photo) return medicine;
      const fieldsChanged = Object.keys(changes).length > 0;
      let result;
      try {
        // `changes` carries the quantity the form opened with (quantitySeen) when it sets a new one.
        result = await update.mutateAsync({ id: medicine.id, values: changes, photo });
      } catch (error) {
        // Only the photo was sent, so only the photo failed.
        notify.failure(t(fieldsChanged ? 'toast.medicineUpdateFailed' : 'toast.photoFailed'), error);
        throw error;
      }
      if (result.photoError) notify.failure(t('toast.changesSavedPhotoFailed'), result.photoError);
      // Edited onto a recalled batch: saved, but quarantined, never "available".
      else if (result.medicine.quarantined && !medicine.quarantined)
        notify.success(t('recallNotice.savedQuarantinedTitle'), t('recallNotice.listedQuarantined'));
      else notify.success(t('toast.medicineUpdated'));
      return result.medicine;
    }
    let result;
    try {
      result = await create.mutateAsync({ values, photo });
    } catch (error) {
      // No connection: kept by the service worker and sent later (the photo is not kept).
      if (isKeptForLater(error)) {
        notify.success(t('toast.keptForLater'), t('toast.keptForLaterBody'));
        return null;
      }
      notify.failure(wording.createFailed, error);
      throw error;
    }
    // A pack of a recalled batch is listed quarantined: the toast says so, not "available".
    if (result.medicine.quarantined)
      notify.success(t('recallNotice.listedQuarantinedTitle'), t('recallNotice.listedQuarantined'));
    // Listed all the same: the success toast says so, and why the photo is missing (one toast, §8).
    else if (result.photoError)
      notify.success(
        wording.created,
        t('toast.photoNotSaved', {
          reason: errorDescription(result.photoError, t('toast.error'), t('toast.networkError')),
        }),
      );
    else notify.success(wording.created, wording.createdBody);
    return result.medicine;
  };
}
