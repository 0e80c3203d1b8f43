import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isDosageForm } from '@medrelay/domain/dosage-forms';

/**
 * The translated label of a medicine's type (a dosage form key). Text that is not a key (a
 * request's copy of a listing from before the keys, until the listing next changes) shows as typed.
 */
export function useDosageFormLabel(): (type: string) => string {
  const { t } = useTranslation('common');
  return useCallback((type: string) => (isDosageForm(type) ? t(`dosageForm.${type}`) : type), [t]);
}
