import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * The owner's approve dialog when fewer units are left than were asked: how many to approve (all
 * that is left at first; at most those asked). The request is for those from then on.
 */
export function UnitsToApprove({
  asked,
  left,
  value,
  onChange,
}: {
  asked: number;
  left: number;
  value: number;
  onChange: (units: number) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Field
      label={t('request.unitsToApprove')}
      hint={t('request.onlyLeft', {
        left: t('medicine.units', { count: left }),
        asked: t('medicine.units', { count: asked }),
      })}
    >
      <Input
        type="number"
        min={1}
        max={asked}
        step={1}
        value={String(value)}
        data-testid="units-to-approve"
        onChange={(_, data) => {
          const units = Math.trunc(Number(data.value));
          if (Number.isFinite(units)) onChange(Math.min(Math.max(units, 1), asked));
        }}
      />
    </Field>
  );
}
