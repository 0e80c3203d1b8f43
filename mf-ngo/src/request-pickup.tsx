import { useTranslation } from 'react-i18next';
import type { Medicine } from '@medrelay/contracts';
import { RequestMedicineButton, type MatchRequest } from '@medrelay/ui';

/** The NGO's request wording, for browse, match cards and match links. */
export function usePickupRequest(): MatchRequest {
  const { t } = useTranslation('ngo');
  return {
    label: t('actions.requestPickup'),
    notesKind: 'pickup',
    successTitle: t('common:toast.requestSubmittedSuccessfully'),
  };
}

/** The NGO's Request Pickup button and dialog (spec §8: 'Request submitted successfully'). */
export function RequestPickup({ medicine }: { medicine: Medicine }) {
  return <RequestMedicineButton medicine={medicine} {...usePickupRequest()} />;
}
