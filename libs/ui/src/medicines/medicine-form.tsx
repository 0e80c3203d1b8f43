import { useRef, useState } from 'react';
import {
  Button,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, usePublicSettings } from '@medrelay/api-client';
import {
  defaultSettings,
  medicineCreateSchema,
  medicineLimits,
  recipientTypes,
  remainingQuantityField,
  type FieldError,
  type Medicine,
  type MedicineCreate,
  type MedicineCreateInput,
  type MedicineUpdateInput,
  type RecipientType,
} from '@medrelay/contracts';
import type { DosageForm } from '@medrelay/domain/dosage-forms';
import { cairoDay, cairoToday } from '@medrelay/domain/calendar';
import { packCodeMaxLength } from '@medrelay/domain/gtin';
import { DosageFormSelect } from './dosage-form-select';
import { DateField } from '../forms/date-field';
import { FormInput } from '../forms/form-fields';
import { fieldMessage } from '../forms/field-message';
import { BatchRecallWarning } from '../recalls/recall-notice';
import { CategoriesField, markCategoryRefusal, useCategoryGuardrail } from './medicine-form-guardrails';
import { MedicinePhotoField, usePhotoChoice } from './medicine-form-photo';
import { MedicineFormScan } from './medicine-form-scan';

/** The medicine form's state, as its parts (scan, photo, guardrails) read and fill it. */
export type MedicineFormState = UseFormReturn<MedicineCreateInput, unknown, MedicineCreate>;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    // Fields of a pair start on one line: stretched, the one with the shorter hint spread its
    // extra height into its rows and sat lower and taller than the other.
    alignItems: 'start',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  codes: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    alignItems: 'start',
    // A text input is about 200 px wide by itself (its size attribute): without these it kept that
    // width in a narrower column and overlapped the next box, or was cut off by the card.
    '& > *': { minWidth: 0 },
    '& .fui-Input': { minWidth: 0, width: '100%' },
    '& input': { minWidth: 0, width: '100%' },
  },
});

function initialValues(medicine?: Medicine, recipientType?: RecipientType): MedicineCreateInput {
  return {
    name: medicine?.name ?? '',
    // Empty until chosen: the schema answers "Medicine type is required".
    type: medicine?.type ?? ('' as DosageForm),
    description: medicine?.description ?? '',
    quantity: medicine?.quantity ?? 1,
    originalPrice: medicine?.originalPrice ?? '',
    discountPrice: medicine?.discountPrice ?? '',
    expiryDate: medicine ? cairoDay(medicine.expiryDate) : '',
    recipientType: recipientType ?? medicine?.recipientType ?? 'ngos',
    gtin: medicine?.gtin ?? '',
    batch: medicine?.batch ?? '',
    serial: medicine?.serial ?? '',
    categories: medicine?.categories ?? [],
  };
}

/**
 * The edit form's rules are the server's update rules: the remaining quantity may be 0 (approved
 * requests took it all), and an expiry date left as it was is not checked again (it may have
 * passed; only changed fields are sent).
 */
function editSchema(medicine: Medicine) {
  const unchanged = cairoDay(medicine.expiryDate);
  // safeExtend: the create schema carries a refinement (a listing's own pin needs its area).
  return medicineCreateSchema.safeExtend({
    quantity: remainingQuantityField,
    expiryDate: z.string().transform((value, ctx) => {
      if (value === unchanged) return medicine.expiryDate;
      const checked = medicineCreateSchema.shape.expiryDate.safeParse(value);
      if (checked.success) return checked.data;
      for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }),
  });
}

interface MedicineFormProps {
  /** Pharmacies list prices; donations have none. */
  withPrices: boolean;
  /** The listing being edited; absent for a new one. */
  medicine?: Medicine;
  submitLabel: string;
  /**
   * Saves the checked values; `changes` holds only the fields the user changed (an edit sends
   * just those). A rejection with field details marks the fields.
   */
  onSave: (values: MedicineCreate, photo: File | null, changes: MedicineUpdateInput) => Promise<unknown>;
  onCancel?: () => void;
  /** Sends to these recipients without showing the chooser (the donor dashboard's quick dialog). */
  fixedRecipient?: RecipientType;
}

/** The add / edit medicine form: spec §5 rules and messages, recipients, optional photo. */
export function MedicineForm({
  withPrices,
  medicine,
  submitLabel,
  onSave,
  onCancel,
  fixedRecipient,
}: MedicineFormProps) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const { data: settings } = usePublicSettings();
  const maxUploadMb = settings?.maxUploadSize ?? defaultSettings.maxUploadSize;
  const photo = usePhotoChoice(maxUploadMb);
  const [defaults] = useState(() => initialValues(medicine, fixedRecipient));
  const form: MedicineFormState = useForm<MedicineCreateInput, unknown, MedicineCreate>({
    resolver: zodResolver(medicine ? editSchema(medicine) : medicineCreateSchema),
    defaultValues: defaults,
  });
  // Fluent inputs keep their own state: they need the starting value as a prop, not only the form.
  const field = (name: 'description' | 'originalPrice' | 'discountPrice') => ({
    ...form.register(name),
    defaultValue: String(defaults[name] ?? ''),
  });
  const { errors, isSubmitting } = form.formState;
  const guardrail = useCategoryGuardrail(form, withPrices, settings);
  // The form a wedge scanner types into.
  const formRef = useRef<HTMLFormElement>(null);
  // A batch under a recall is warned of before saving.
  const [gtin, batch] = form.watch(['gtin', 'batch']);

  const submit = form.handleSubmit(async (values) => {
    if (photo.error || guardrail.refused.length) return;
    try {
      const saved = withPrices ? values : { ...values, originalPrice: null, discountPrice: null };
      const dirty = form.formState.dirtyFields;
      const changes = Object.fromEntries(
        Object.entries(saved).filter(([key]) => dirty[key as keyof MedicineCreateInput]),
      ) as MedicineUpdateInput;
      // A new quantity carries the one this form opened with, not the list's live one: the
      // server refuses it if approvals or releases moved it since, instead of overwriting them.
      if (medicine && changes.quantity !== undefined) changes.quantitySeen = Number(defaults.quantity);
      await onSave(saved, photo.photo, changes);
    } catch (error) {
      const details =
        error instanceof ApiError && Array.isArray(error.body?.details) ? error.body.details : [];
      for (const detail of details as FieldError[]) {
        form.setError(detail.path as keyof MedicineCreateInput, { message: detail.rule });
      }
      markCategoryRefusal(form, error);
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate ref={formRef}>
      <MedicineFormScan form={form} formRef={formRef} />
      <Field label={t('medicine.name')} validationMessage={fieldMessage(t, errors.name)} required>
        {/* Free text may be Arabic or Latin whatever the page's language: it follows what is typed. */}
        <FormInput control={form.control} name="name" dir="auto" maxLength={medicineLimits.nameMax} />
      </Field>
      <Field label={t('medicine.type')} validationMessage={fieldMessage(t, errors.type)} required>
        <Controller
          control={form.control}
          name="type"
          render={({ field: type }) => (
            <DosageFormSelect
              name={type.name}
              ref={type.ref}
              value={type.value ?? ''}
              onValue={type.onChange}
              onBlur={type.onBlur}
            />
          )}
        />
      </Field>
      <Field label={t('medicine.description')} validationMessage={fieldMessage(t, errors.description)}>
        <Textarea
          dir="auto"
          maxLength={medicineLimits.descriptionMax}
          resize="vertical"
          {...field('description')}
        />
      </Field>
      <div className={styles.pair}>
        <Field
          label={t('medicine.quantity')}
          // Approved requests took units from the quantity: it is what is still offered beyond them.
          hint={
            medicine && medicine.reservedQuantity > 0
              ? t('medicine.quantityPromisedHint', { count: medicine.reservedQuantity })
              : undefined
          }
          validationMessage={fieldMessage(t, errors.quantity)}
          required
        >
          <Input
            type="number"
            min={medicine ? 0 : 1}
            step={1}
            defaultValue={String(defaults.quantity)}
            {...form.register('quantity', { valueAsNumber: true })}
          />
        </Field>
        <Field
          label={t('medicine.expiryDate')}
          validationMessage={fieldMessage(t, errors.expiryDate)}
          required
        >
          <Controller
            control={form.control}
            name="expiryDate"
            render={({ field: day }) => (
              <DateField value={day.value} onChange={day.onChange} onBlur={day.onBlur} min={cairoToday()} />
            )}
          />
        </Field>
      </div>
      <div className={styles.codes}>
        {(['gtin', 'batch', 'serial'] as const).map((code) => (
          <Field key={code} label={t(`medicine.${code}`)} validationMessage={fieldMessage(t, errors[code])}>
            <FormInput
              control={form.control}
              name={code}
              // Codes are Latin letters and digits in both languages.
              dir="ltr"
              inputMode={code === 'gtin' ? 'numeric' : undefined}
              maxLength={packCodeMaxLength}
            />
          </Field>
        ))}
      </div>
      <CategoriesField form={form} guardrail={guardrail} errors={errors} />
      {withPrices && (
        <div className={styles.pair}>
          <Field
            label={t('medicine.originalPrice')}
            hint={t('medicine.priceHint')}
            validationMessage={fieldMessage(t, errors.originalPrice)}
          >
            <Input type="number" min={0} step={0.01} {...field('originalPrice')} />
          </Field>
          <Field
            label={t('medicine.discountPrice')}
            hint={t('medicine.discountPriceHint')}
            validationMessage={fieldMessage(t, errors.discountPrice)}
          >
            <Input type="number" min={0} step={0.01} {...field('discountPrice')} />
          </Field>
        </div>
      )}
      {!fixedRecipient && (
        <Controller
          control={form.control}
          name="recipientType"
          render={({ field }) => (
            <Field label={t('medicine.recipientType')}>
              <RadioGroup
                layout="horizontal"
                value={field.value ?? 'ngos'}
                onChange={(_, data) => field.onChange(data.value)}
              >
                {recipientTypes.map((type) => (
                  <Radio key={type} value={type} label={t(`recipients.${type}`)} />
                ))}
              </RadioGroup>
            </Field>
          )}
        />
      )}
      <MedicinePhotoField maxUploadMb={maxUploadMb} error={photo.error} onFile={photo.choose} />
      <BatchRecallWarning gtin={gtin} batch={batch} />
      <div className={styles.actions}>
        {onCancel && (
          <Button appearance="secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        )}
        <Button appearance="primary" type="submit" disabled={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
