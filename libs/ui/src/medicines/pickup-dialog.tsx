import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { requestLimits } from '@medrelay/contracts';
import { pickupProblems } from './rules';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface PickupDetails {
  pickupLocation: string | null;
  /** ISO date-time, or null. */
  pickupDate: string | null;
}

/** The approval dialog: pickup location and date-time, then Approve. */
export function PickupDetailsDialog({
  open,
  required,
  busy,
  onApprove,
  onClose,
}: {
  open: boolean;
  /** Donor-owned medicines need both fields; pharmacy approvals may leave them out. */
  required: boolean;
  busy?: boolean;
  onApprove: (details: PickupDetails) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const [location, setLocation] = useState('');
  const [date, setDate] = useState('');
  const [touched, setTouched] = useState(false);
  const problems = pickupProblems(location, date, required);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problems.location || problems.date) return;
    onApprove({
      pickupLocation: location.trim() || null,
      // The browser's datetime-local value is local time; the API takes an instant.
      pickupDate: date ? new Date(date).toISOString() : null,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{t('pickup.title')}</DialogTitle>
            <DialogContent className={styles.content}>
              {!required && <Text>{t('pickup.optional')}</Text>}
              <Field
                label={t('pickup.location')}
                required={required}
                validationMessage={
                  touched && problems.location ? t(`messages:${problems.location}`) : undefined
                }
              >
                <Input
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
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {t('pickup.approve')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
