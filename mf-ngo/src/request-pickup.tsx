import { useTranslation } from 'react-i18next';
import type { Medicine } from '@medrelay/contracts';
import { RequestMedicineButton } from '@medrelay/ui';

/** The NGO's Request Pickup button and dialog (spec §8: 'Request submitted successfully'). */
export function RequestPickup({ medicine }: { medicine: Medicine }) {
  const { t } = useTranslation('ngo');
  return (
    <RequestMedicineButton
      medicine={medicine}
      label={t('actions.requestPickup')}
      notesKind="pickup"
      successTitle={t('common:toast.requestSubmittedSuccessfully')}
    />
  );
}
