import { useState } from 'react';
import { Field, Input, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useCreateRequest } from '@medrelay/api-client';
import { requestLimits, type Medicine } from '@medrelay/contracts';
import { useNotify } from '../use-notify';
import { requestQuantityProblem } from './rules';
import { FormDialog } from '../components/form-dialog';

export interface RequestDialogProps {
  medicine: Pick<Medicine, 'id' | 'name' | 'quantity'>;
  /** The button's and the dialog's wording: 'Request Transfer', 'Request Pickup'. */
  label: string;
  /** Which default note (spec §5): the inter-pharmacy transfer text or the pickup text. */
  notesKind: 'transfer' | 'pickup';
  /** 'Request submitted' (pharmacy) or 'Request submitted successfully' (NGO), spec §8. */
  successTitle: string;
}

/** The request dialog: quantity 1..available and optional notes with a default text. */
export default function RequestDialog({
  medicine,
  label,
  notesKind,
  successTitle,
  onClose,
}: RequestDialogProps & { onClose: () => void }) {
  const { t } = useTranslation('common');
  const notify = useNotify();
  const create = useCreateRequest();
  const [quantity, setQuantity] = useState('1');
  // Until the user writes their own note, the default follows the quantity.
  const [notes, setNotes] = useState<string | null>(null);
  const count = Number(quantity);
  const defaultNotes = t(`request.${notesKind}Notes`, {
    count: Number.isInteger(count) && count > 0 ? count : 1,
  });
  const problem = requestQuantityProblem(count, medicine.quantity);
  const [touched, setTouched] = useState(false);

  const submit = async () => {
    setTouched(true);
    if (problem) return;
    try {
      await create.mutateAsync({ medicineId: medicine.id, quantity: count, notes: notes ?? defaultNotes });
      notify.success(successTitle);
      onClose();
    } catch (error) {
      notify.failure(t('toast.requestFailed'), error);
    }
  };

  const quantityMessage =
    touched && problem
      ? problem === 'min'
        ? t('messages:quantityMin')
        : t('request.quantityMax', { count: medicine.quantity })
      : undefined;

  return (
    <FormDialog
      title={`${label}: ${medicine.name}`}
      submitLabel={t('request.submit')}
      busy={create.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field
        label={t('request.quantity')}
        hint={t('request.available', { count: medicine.quantity })}
        validationMessage={quantityMessage}
        required
      >
        <Input
          type="number"
          min={1}
          max={medicine.quantity}
          step={1}
          value={quantity}
          onChange={(_, data) => setQuantity(data.value)}
        />
      </Field>
      <Field label={t('request.notes')}>
        <Textarea
          dir="auto"
          maxLength={requestLimits.notesMax}
          value={notes ?? defaultNotes}
          onChange={(_, data) => setNotes(data.value)}
          resize="vertical"
        />
      </Field>
    </FormDialog>
  );
}
