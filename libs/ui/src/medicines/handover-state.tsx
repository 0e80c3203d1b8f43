import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { HandoverState, MedicineRequest } from '@medrelay/contracts';

/** How a handover state reads at a glance: settled, waiting for the owner, or disputed. */
export const handoverTone: Record<HandoverState, 'success' | 'warning' | 'danger'> = {
  code: 'success',
  confirmed: 'success',
  unconfirmed: 'warning',
  disputed: 'danger',
};

/** A completed request's handover state, where it needs saying (not confirmed yet, or disputed). */
export function HandoverStateBadge({ request }: { request: MedicineRequest }) {
  const { t } = useTranslation('common');
  if (request.status !== 'completed' || !request.handover || handoverTone[request.handover] === 'success')
    return null;
  return (
    <Badge appearance="tint" color={handoverTone[request.handover]} data-testid="handover-state">
      {t(`handover.states.${request.handover}`)}
    </Badge>
  );
}
