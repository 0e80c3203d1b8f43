import { useTranslation } from 'react-i18next';
import { useCreateMedicine, useUpdateMedicine } from '@medrelay/api-client';
import type { Medicine, MedicineCreate, MedicineUpdateInput } from '@medrelay/contracts';
import { useNotify } from '../use-notify';

interface SaveTexts {
  created: string;
  createdBody?: string;
  createFailed: string;
}

/**
 * Saves the medicine form (a new listing, or an edit of `medicine` sending only the changed
 * fields) with the toasts of spec §8. Resolves when saved; rejects (after the failure toast)
 * so the form can mark its fields. Donations pass their own wording.
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
  ): Promise<Medicine> => {
    if (edit) {
      const { medicine, changes } = edit;
      if (!Object.keys(changes).length && !photo) return medicine;
      try {
        const saved = await update.mutateAsync({ id: medicine.id, values: changes, photo });
        notify.success(t('toast.medicineUpdated'));
        return saved;
      } catch (error) {
        notify.failure(t('toast.medicineUpdateFailed'), error);
        throw error;
      }
    }
    let result;
    try {
      result = await create.mutateAsync({ values, photo });
    } catch (error) {
      notify.failure(wording.createFailed, error);
      throw error;
    }
    if (result.photoError) notify.failure(t('toast.photoFailed'), result.photoError);
    else notify.success(wording.created, wording.createdBody);
    return result.medicine;
  };
}
