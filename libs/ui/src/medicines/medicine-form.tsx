import { useId, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  Field,
  Input,
  Label,
  Text,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Radio,
  RadioGroup,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, lookupProduct, useBatchRecall, usePublicSettings } from '@medrelay/api-client';
import {
  categoryRefusalMessage,
  defaultSettings,
  medicineCreateSchema,
  medicineImageTypes,
  medicineLimits,
  recipientTypes,
  remainingQuantityField,
  translate,
  type FieldError,
  type Medicine,
  type MedicineCreate,
  type MedicineCreateInput,
  type MedicineUpdateInput,
  type RecipientType,
} from '@medrelay/contracts';
import type { DosageForm } from '@medrelay/domain/dosage-forms';
import { forbiddenCategories, medicineCategories, normalizeCategories } from '@medrelay/domain/categories';
import { cairoDay, cairoToday } from '@medrelay/domain/calendar';
import { packCodeMaxLength } from '@medrelay/domain/gtin';
import { DosageFormSelect } from './dosage-form-select';
import { currentLanguage } from '@medrelay/i18n';
import { DateField } from '../forms/date-field';
import { FormInput } from '../forms/form-fields';
import { fieldMessage } from '../forms/field-message';
import { FilePicker } from '../forms/file-picker';
import { photoProblem } from '@medrelay/domain/photos';
import { BatchRecallWarning } from '../recalls/recall-notice';
import { PackScanButtons, readPackCode, useWedgeScan } from './scan/pack-scan';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    // Fields of a pair start on one line: stretched, the one without a hint (Discount Price)
    // spread its extra height into its rows and sat lower and taller than Original Price.
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
  categories: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  hint: { margin: 0, color: tokens.colorNeutralForeground3 },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1 },
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

/** Fields a scan may fill: controlled, so a value set by the form shows in the Fluent input. */
type ScanFilled = 'name' | 'type' | 'gtin' | 'batch' | 'serial' | 'expiryDate';

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
  const { t, i18n } = useTranslation('common');
  const { data: settings } = usePublicSettings();
  const maxUploadMb = settings?.maxUploadSize ?? defaultSettings.maxUploadSize;
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const [defaults] = useState(() => initialValues(medicine, fixedRecipient));
  const form = useForm<MedicineCreateInput, unknown, MedicineCreate>({
    resolver: zodResolver(medicine ? editSchema(medicine) : medicineCreateSchema),
    defaultValues: defaults,
  });
  // Fluent inputs keep their own state: they need the starting value as a prop, not only the form.
  const field = (name: 'description' | 'originalPrice' | 'discountPrice') => ({
    ...form.register(name),
    defaultValue: String(defaults[name] ?? ''),
  });
  const { errors, isSubmitting } = form.formState;
  const formId = useId();
  // Guardrails (issue 17): pharmacies list with prices and may list every category; a donation
  // (no prices) may not carry what the administrator forbids donors. Checked here before submit
  // with the server's own rule and message; the server enforces it.
  const source = withPrices ? 'pharmacy' : 'donor';
  const donorForbidden = settings?.donorForbiddenCategories ?? defaultSettings.donorForbiddenCategories;
  const refused = forbiddenCategories(source, form.watch('categories') ?? [], donorForbidden);
  const categoryMessage = refused.length
    ? t(`messages:${categoryRefusalMessage[refused[0]!]}`)
    : fieldMessage(t, errors.categories as Parameters<typeof fieldMessage>[1]);

  // Scanning (issue 17): the camera, a photo, or a keyboard-wedge scanner typing into the form.
  const formRef = useRef<HTMLFormElement>(null);
  const [scanNote, setScanNote] = useState<{ intent: 'success' | 'error'; text: string }>();
  /** Name and type the dictionary filled (replaced by a later scan, unlike what the user typed). */
  const fromDictionary = useRef<{ name?: string; type?: string }>({});
  const fill = (name: ScanFilled, value: string | undefined) => {
    // A scan never blanks a field: what the code does not carry stays as it was.
    if (!value) return;
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const applyScan = async (text: string) => {
    const language = currentLanguage(i18n);
    const read = await readPackCode(text, language);
    if ('problem' in read) {
      setScanNote({ intent: 'error', text: read.problem });
      return;
    }
    const { pack } = read;
    fill('gtin', pack.gtin);
    fill('expiryDate', pack.expiryDate);
    fill('batch', pack.batch);
    fill('serial', pack.serial);
    const product = pack.gtin ? await lookupProduct(pack.gtin).catch(() => null) : null;
    if (product) {
      // Pre-filled, still editable; never over what the user typed.
      const current = form.getValues();
      if (!current.name || current.name === fromDictionary.current.name) fill('name', product.name);
      if (!current.type || current.type === fromDictionary.current.type) fill('type', product.type);
      fromDictionary.current = { name: product.name, type: product.type };
    }
    setScanNote({ intent: 'success', text: t(product ? 'scan.filledWithProduct' : 'scan.filled') });
  };
  useWedgeScan(formRef, (text) => void applyScan(text));
  // A batch under a recall (issue 25): warned before saving, and a scan's note says so at once.
  const [gtin, batch] = form.watch(['gtin', 'batch']);
  const recalled = useBatchRecall(gtin, batch).data?.recalled === true;
  const note =
    scanNote?.intent === 'success' && recalled
      ? { intent: 'warning' as const, text: t('recallNotice.scanRecalled') }
      : scanNote;

  const choosePhoto = (file: File | null) => {
    const problem = file && photoProblem(file, maxUploadMb);
    setPhotoError(problem ? translate(problem.key, currentLanguage(i18n), problem.params) : undefined);
    setPhoto(problem ? null : file);
  };

  const submit = form.handleSubmit(async (values) => {
    if (photoError || refused.length) return;
    try {
      const saved = withPrices ? values : { ...values, originalPrice: null, discountPrice: null };
      const dirty = form.formState.dirtyFields;
      const changes = Object.fromEntries(
        Object.entries(saved).filter(([key]) => dirty[key as keyof MedicineCreateInput]),
      ) as MedicineUpdateInput;
      await onSave(saved, photo, changes);
    } catch (error) {
      const details =
        error instanceof ApiError && Array.isArray(error.body?.details) ? error.body.details : [];
      for (const detail of details as FieldError[]) {
        form.setError(detail.path as keyof MedicineCreateInput, { message: detail.rule });
      }
      // The setting changed since the page loaded: the server's refusal marks the categories.
      const named = (
        error instanceof ApiError && error.body?.code === 'CATEGORY_NOT_ALLOWED'
          ? (error.body.details as { categories?: string[] } | undefined)?.categories?.[0]
          : undefined
      ) as keyof typeof categoryRefusalMessage | undefined;
      if (named && categoryRefusalMessage[named])
        form.setError('categories', { message: categoryRefusalMessage[named] });
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate ref={formRef}>
      <PackScanButtons
        onCode={(text) => void applyScan(text)}
        onProblem={(text) => setScanNote({ intent: 'error', text })}
      />
      {note && (
        <MessageBar intent={note.intent} data-testid="scan-note">
          <MessageBarBody>{note.text}</MessageBarBody>
        </MessageBar>
      )}
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
        <Field label={t('medicine.quantity')} validationMessage={fieldMessage(t, errors.quantity)} required>
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
              maxLength={code === 'gtin' ? 14 : packCodeMaxLength}
            />
          </Field>
        ))}
      </div>
      <Controller
        control={form.control}
        name="categories"
        render={({ field: categories }) => {
          const chosen = categories.value ?? [];
          // Not a Fluent Field: a Field gives its one control id and label to every checkbox in it.
          return (
            <div
              role="group"
              aria-labelledby={`${formId}-categories`}
              aria-describedby={`${formId}-categories-hint`}
            >
              <Label id={`${formId}-categories`}>{t('category.label')}</Label>
              <div className={styles.categories}>
                {medicineCategories.map((category) => (
                  <Checkbox
                    key={category}
                    label={t(`category.${category}`)}
                    checked={chosen.includes(category)}
                    onChange={(_, data) =>
                      categories.onChange(
                        normalizeCategories(
                          data.checked ? [...chosen, category] : chosen.filter((c) => c !== category),
                        ),
                      )
                    }
                  />
                ))}
              </div>
              <Text as="p" size={200} id={`${formId}-categories-hint`} className={styles.hint}>
                {source === 'donor' && donorForbidden.length
                  ? t('category.donorRule', {
                      categories: donorForbidden.map((c) => t(`category.${c}`)).join(t('category.separator')),
                    })
                  : t('category.hint')}
              </Text>
              {categoryMessage && (
                <Text as="p" size={200} role="alert" className={styles.error}>
                  {categoryMessage}
                </Text>
              )}
            </div>
          );
        }}
      />
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
      <Field
        label={t('medicine.photo')}
        hint={t('medicine.photoHint', { max: maxUploadMb })}
        validationMessage={photoError}
      >
        {(fieldProps) => (
          <FilePicker
            {...fieldProps}
            accept={medicineImageTypes.join(',')}
            label={t('medicine.photo')}
            chooseLabel={t('medicine.choosePhoto')}
            noneLabel={t('medicine.noPhoto')}
            onFile={choosePhoto}
          />
        )}
      </Field>
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
