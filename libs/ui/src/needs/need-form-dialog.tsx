import { useRef, useState, type ReactElement } from 'react';
import { Checkbox, Field, Radio, RadioGroup, Select, makeStyles, tokens } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, useSaveNeed } from '@medrelay/api-client';
import {
  needCreateSchema,
  needLimits,
  needUpdateSchema,
  needUrgencies,
  type FieldError,
  type Need,
  type NeedUpdate,
  type NeedUpdateInput,
} from '@medrelay/contracts';
import { dosageForms } from '@medrelay/domain/dosage-forms';
import { defaultNeedReachKm, radiusChoicesKm, type RadiusKm } from '@medrelay/domain/pickup-points';
import { FormDialog } from '../components/form-dialog';
import { fieldMessage } from '../forms/field-message';
import { FormInput, parseWhole } from '../forms/form-fields';
import { useNotify } from '../use-notify';

const useStyles = makeStyles({
  pair: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    // Two numbers side by side from 360 px up; one per line below.
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
    alignItems: 'start',
    '& > *': { minWidth: 0 },
  },
  // A number box is about 200 px wide by nature: two of them widened the dialog's content past
  // 360 px and scrolled it sideways (seen in Chromium). They take their column's width instead.
  number: { minWidth: 0 },
});

/** An empty box means "no bound" (null); anything typed is read as a whole number for the schema. */
const parseOptionalWhole = (raw: string) => (raw.trim() === '' ? null : parseWhole(raw));

function initialValues(need?: Need): NeedUpdateInput {
  return {
    medicine: need?.medicine ?? '',
    dosageForm: need?.dosageForm ?? null,
    minQuantity: need?.minQuantity ?? 1,
    acceptUpTo: need?.acceptUpTo ?? null,
    minDaysLeft: need?.minDaysLeft ?? 0,
    urgency: need?.urgency ?? 'routine',
    reachKm: (need?.reachKm as RadiusKm | undefined) ?? defaultNeedReachKm,
    // A new need is open (the create body has no status).
    ...(need ? { status: need.status } : {}),
  };
}

/**
 * The add / edit dialog of a wanted list: the contract's schema checks it (the messages the
 * API would answer); a refusal's field details mark the fields. Rendered only while open.
 */
export function NeedFormDialog({ need, onClose }: { need?: Need; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const notify = useNotify();
  const save = useSaveNeed();
  const [defaults] = useState(() => initialValues(need));
  const form = useForm<NeedUpdateInput, unknown, NeedUpdate>({
    // A new need's body may not carry a status (strict schema); an edit may close or reopen it.
    resolver: zodResolver(need ? needUpdateSchema : needCreateSchema) as never,
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;
  const numberField = (
    name: 'minQuantity' | 'acceptUpTo' | 'minDaysLeft',
    parse: (raw: string) => number | null,
    min: number,
  ) => ({ form, name, parse, min, className: styles.number, error: fieldMessage(t, errors[name]) });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: need?.id, values });
      notify.success(t(need ? 'needs.updated' : 'needs.added'), values.medicine);
      onClose();
    } catch (error) {
      const details =
        error instanceof ApiError && Array.isArray(error.body?.details) ? error.body.details : [];
      for (const detail of details as FieldError[])
        form.setError(detail.path as keyof NeedUpdateInput, { message: detail.rule });
      if (!details.length) notify.failure(t('needs.saveFailed'), error);
    }
  });

  return (
    <FormDialog
      title={need ? t('needs.editTitle', { name: need.medicine }) : t('needs.addTitle')}
      submitLabel={t('actions.save')}
      busy={isSubmitting}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field
        label={t('needs.medicine')}
        hint={t('needs.medicineHint')}
        validationMessage={fieldMessage(t, errors.medicine)}
        required
      >
        {/* Arabic or Latin names alike: the box follows what is typed. */}
        <FormInput control={form.control} name="medicine" dir="auto" maxLength={needLimits.medicineMax} />
      </Field>
      <Controller
        control={form.control}
        name="dosageForm"
        render={({ field }) => (
          <Field label={t('needs.dosageForm')} validationMessage={fieldMessage(t, errors.dosageForm)}>
            <Select
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={(_, data) => field.onChange(data.value === '' ? null : data.value)}
            >
              <option value="">{t('needs.anyForm')}</option>
              {dosageForms.map((key) => (
                <option key={key} value={key}>
                  {t(`dosageForm.${key}`)}
                </option>
              ))}
            </Select>
          </Field>
        )}
      />
      <div className={styles.pair}>
        <WholeNumberField
          {...numberField('minQuantity', parseWhole, 1)}
          label={t('needs.minQuantity')}
          required
        />
        <WholeNumberField
          {...numberField('acceptUpTo', parseOptionalWhole, 1)}
          label={t('needs.acceptUpTo')}
          hint={t('needs.acceptUpToHint')}
        />
      </div>
      <WholeNumberField
        {...numberField('minDaysLeft', parseWhole, 0)}
        label={t('needs.minDaysLeft')}
        hint={t('needs.minDaysLeftHint')}
      />
      <Controller
        control={form.control}
        name="urgency"
        render={({ field }) => (
          <Field label={t('needs.urgency')} validationMessage={fieldMessage(t, errors.urgency)}>
            <RadioGroup
              layout="horizontal"
              value={field.value ?? 'routine'}
              onChange={(_, data) => field.onChange(data.value)}
            >
              {needUrgencies.map((urgency) => (
                <Radio key={urgency} value={urgency} label={t(`needs.urgencies.${urgency}`)} />
              ))}
            </RadioGroup>
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="reachKm"
        render={({ field }) => (
          <Field
            label={t('needReach.reach')}
            hint={t('needReach.reachHint')}
            validationMessage={fieldMessage(t, errors.reachKm)}
          >
            <Select
              value={String(field.value ?? defaultNeedReachKm)}
              onChange={(_, data) => field.onChange(Number(data.value))}
            >
              {radiusChoicesKm.map((km) => (
                <option key={km} value={km}>
                  {t('near.radiusKm', { value: km })}
                </option>
              ))}
            </Select>
          </Field>
        )}
      />
      {need && (
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Checkbox
              label={t('needs.met')}
              checked={field.value === 'closed'}
              onChange={(_, data) => field.onChange(data.checked ? 'closed' : 'open')}
            />
          )}
        />
      )}
    </FormDialog>
  );
}

/** A button that opens the dialog (add, or edit one need). */
export function NeedDialogButton({
  need,
  trigger,
}: {
  need?: Need;
  trigger: (open: () => void) => ReactElement;
}) {
  const [open, setOpen] = useState(false);
  // The dialog opens without a DialogTrigger: once it closes (saved or cancelled), focus goes back
  // to the button that opened it, not to the page's body.
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => {
      if (opener.current?.isConnected) opener.current.focus();
    });
  };
  return (
    <>
      {trigger(() => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOpen(true);
      })}
      {open && <NeedFormDialog need={need} onClose={close} />}
    </>
  );
}

/** A whole number of the need (quantities, days), typed on a phone's number pad. */
function WholeNumberField({
  form,
  name,
  parse,
  min,
  className,
  error,
  label,
  hint,
  required,
}: {
  form: ReturnType<typeof useForm<NeedUpdateInput, unknown, NeedUpdate>>;
  name: 'minQuantity' | 'acceptUpTo' | 'minDaysLeft';
  parse: (raw: string) => number | null;
  min: number;
  className: string;
  error: ReturnType<typeof fieldMessage>;
  label: string;
  hint?: string;
  required?: boolean;
}) {
  return (
    <Field label={label} hint={hint} validationMessage={error} required={required}>
      <FormInput
        control={form.control}
        name={name}
        className={className}
        type="number"
        min={min}
        inputMode="numeric"
        parse={parse}
      />
    </Field>
  );
}
