import { useState } from 'react';
import { Field, Input, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { requestLimits } from '@medrelay/contracts';
import { pickupProblems } from './rules';
import { FormDialog } from '../components/form-dialog';

export interface PickupDetails {
  pickupLocation: string | null;
  /** ISO date-time, or null. */
  pickupDate: string | null;
}

/** The approval dialog (shown while mounted): pickup location and date-time, then Approve. */
export function PickupDetailsDialog({
  required,
  busy,
  onApprove,
  onClose,
}: {
  /** Donor-owned medicines need both fields; pharmacy approvals may leave them out. */
  required: boolean;
  busy?: boolean;
  onApprove: (details: PickupDetails) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const [location, setLocation] = useState('');
  const [date, setDate] = useState('');
  const [touched, setTouched] = useState(false);
  const problems = pickupProblems(location, date, required);

  const submit = () => {
    setTouched(true);
    if (problems.location || problems.date) return;
    onApprove({
      pickupLocation: location.trim() || null,
      // The browser's datetime-local value is local time; the API takes an instant.
      pickupDate: date ? new Date(date).toISOString() : null,
    });
  };

  return (
    <FormDialog
      title={t('pickup.title')}
      submitLabel={t('pickup.approve')}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      {!required && <Text>{t('pickup.optional')}</Text>}
      <Field
        label={t('pickup.location')}
        required={required}
        validationMessage={touched && problems.location ? t(`messages:${problems.location}`) : undefined}
      >
        <Input
          dir="auto"
          maxLength={requestLimits.pickupLocationMax}
          value={location}
          onChange={(_, data) => setLocation(data.value)}
        />
      </Field>
      <Field
        label={t('pickup.date')}
        required={required}
        validationMessage={touched && problems.date ? t(`messages:${problems.date}`) : undefined}
      >
        <Input type="datetime-local" value={date} onChange={(_, data) => setDate(data.value)} />
      </Field>
    </FormDialog>
  );
}
