import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { MedicineRequest } from '@medrelay/contracts';
import { requestCost, type PricedRequest } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';

/**
 * What the requester pays (libs/domain requestCost): "Agreed price: 3 × EGP 12.50 = EGP 37.50"
 * once approved, "Current price: …" while pending (the listing's price, fixed on approval),
 * Free for donations and unpriced listings; nothing for a request that ended (rejected or
 * cancelled), even after its approval: a pickup called off owes nothing.
 */
export function RequestPrice({ request }: { request: PricedRequest }) {
  const { t } = useTranslation('common');
  const format = useFormat();
  const cost = requestCost(request);
  if (!cost) return null;
  return (
    <Text size={200} weight="semibold" data-testid="request-price" data-basis={cost.basis}>
      {cost.free
        ? t('medicine.free')
        : t(cost.basis === 'agreed' ? 'request.priceAgreed' : 'request.priceCurrent', {
            sum: format.priceSum(cost),
          })}
    </Text>
  );
}

/** The owner's approve dialog: the units, the medicine and the total the approval fixes (or free). */
export function ApprovalTotal({ request }: { request: MedicineRequest }) {
  const { t } = useTranslation('common');
  const format = useFormat();
  // Approving fixes the listing's price now: the same figure as the pending row's.
  const cost = requestCost({ ...request, status: 'pending', unitPrice: null, originalUnitPrice: null });
  if (!cost) return null;
  const texts = {
    units: t('medicine.units', { count: request.quantity }),
    name: request.medicine?.name ?? t('request.unknown'),
  };
  return (
    // Announced when it changes (the units approved typed in the same dialog).
    <Text weight="semibold" data-testid="approval-total" aria-live="polite">
      {cost.free
        ? t('request.approveFree', texts)
        : t('request.approveTotal', { ...texts, sum: format.priceSum(cost) })}
    </Text>
  );
}
