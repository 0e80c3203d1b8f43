import { useState } from 'react';
import { Field, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  pickupDetailsSchema,
  requestLimits,
  requiredPickupDetailsSchema,
  type PickupDetails,
  type PickupDetailsInput,
} from '@medrelay/contracts';
import { cairoToday } from '@medrelay/domain/calendar';
import { FormDialog } from '../components/form-dialog';
import { DateField } from '../forms/date-field';
import { fieldMessage } from '../forms/field-message';

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

export type { PickupDetails };

/**
 * The approval dialog (shown while mounted): pickup location and date-time, then Approve. The
 * contract's schema checks it, as the API will (required for donations; no day already past).
 */
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
  const form = useForm<PickupDetailsInput, unknown, PickupDetails>({
    resolver: zodResolver(required ? requiredPickupDetailsSchema : pickupDetailsSchema),
    defaultValues: { pickupLocation: '', pickupDate: '' },
  });
  const { errors } = form.formState;
  // A day from the date picker and a time from the list (not the browser's datetime-local,
  // whose format follows the browser's language, issue 13 #13). The form holds the local
  // "YYYY-MM-DDTHH:mm" (empty without a day); the schema turns it into an instant.
  const [day, setDay] = useState('');
  const [time, setTime] = useState(defaultTime);
  const setWhen = (nextDay: string, nextTime: string) => {
    setDay(nextDay);
    setTime(nextTime);
    form.setValue('pickupDate', nextDay ? `${nextDay}T${nextTime}` : '', {
      shouldValidate: form.formState.isSubmitted,
    });
  };

  return (
    <FormDialog
      title={t('pickup.title')}
      submitLabel={t('pickup.approve')}
      busy={busy}
      onSubmit={() => void form.handleSubmit((details) => onApprove(details))()}
      onClose={onClose}
    >
      {!required && <Text>{t('pickup.optional')}</Text>}
      <Field
        label={t('pickup.location')}
        required={required}
        validationMessage={fieldMessage(t, errors.pickupLocation)}
      >
        <Controller
          control={form.control}
          name="pickupLocation"
          render={({ field }) => (
            <Input
              dir="auto"
              maxLength={requestLimits.pickupLocationMax}
              value={field.value ?? ''}
              onChange={(_, data) => field.onChange(data.value)}
              onBlur={field.onBlur}
            />
          )}
        />
      </Field>
      <div className={styles.when}>
        <Field
          className={styles.day}
          label={t('pickup.date')}
          required={required}
          validationMessage={fieldMessage(t, errors.pickupDate)}
        >
          <DateField value={day} onChange={(next) => setWhen(next, time)} min={cairoToday()} />
        </Field>
        <Field className={styles.time} label={t('datePicker.time')}>
          <Select value={time} onChange={(_, data) => setWhen(day, data.value)}>
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
