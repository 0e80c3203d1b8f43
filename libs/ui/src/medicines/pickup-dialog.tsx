import { useState } from 'react';
import { Field, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { requestLimits } from '@medrelay/contracts';
import { pickupProblems } from './rules';
import { FormDialog } from '../components/form-dialog';
import { DateField, dayString } from '../forms/date-field';

const useStyles = makeStyles({
  when: { display: 'flex', flexWrap: 'wrap', alignItems: 'start', gap: tokens.spacingHorizontalM },
  day: { flex: '1 1 160px' },
  time: { flex: '0 1 120px' },
});

/** Pickup times offered: every half hour, 24-hour clock with Latin digits in both languages. */
const times = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);
const defaultTime = '10:00';

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
  const styles = useStyles();
  const { t } = useTranslation('common');
  const [location, setLocation] = useState('');
  // A day from the date picker and a time from the list (not the browser's datetime-local,
  // whose format follows the browser's language, issue 13 #13).
  const [day, setDay] = useState('');
  const [time, setTime] = useState(defaultTime);
  const date = day ? `${day}T${time}` : '';
  const [touched, setTouched] = useState(false);
  const problems = pickupProblems(location, date, required);

  const submit = () => {
    setTouched(true);
    if (problems.location || problems.date) return;
    onApprove({
      pickupLocation: location.trim() || null,
      // Day and time are local time; the API takes an instant.
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
      <div className={styles.when}>
        <Field
          className={styles.day}
          label={t('pickup.date')}
          required={required}
          validationMessage={touched && problems.date ? t(`messages:${problems.date}`) : undefined}
        >
          <DateField value={day} onChange={setDay} min={dayString(new Date())} />
        </Field>
        <Field className={styles.time} label={t('datePicker.time')}>
          <Select value={time} onChange={(_, data) => setTime(data.value)}>
            {times.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </FormDialog>
  );
}
