import { useId } from 'react';
import { Checkbox, Label, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Controller, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@medrelay/api-client';
import {
  categoryRefusalMessage,
  defaultSettings,
  type MedicineCreateInput,
  type PublicSettings,
} from '@medrelay/contracts';
import { forbiddenCategories, medicineCategories, normalizeCategories } from '@medrelay/domain/categories';
import { fieldMessage } from '../forms/field-message';
import type { MedicineFormState } from './medicine-form';

const useStyles = makeStyles({
  categories: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  hint: { margin: 0, color: tokens.colorNeutralForeground3 },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1 },
});

/**
 * The listing guardrails: pharmacies list with prices and may list every category; a donation
 * (no prices) may not carry what the administrator forbids donors. Checked in the form before
 * submit with the server's own rule and message; the server enforces it.
 */
export function useCategoryGuardrail(
  form: MedicineFormState,
  withPrices: boolean,
  settings: PublicSettings | undefined,
) {
  const source = withPrices ? ('pharmacy' as const) : ('donor' as const);
  const donorForbidden = settings?.donorForbiddenCategories ?? defaultSettings.donorForbiddenCategories;
  const refused = forbiddenCategories(source, form.watch('categories') ?? [], donorForbidden);
  return { source, donorForbidden, refused };
}
export type CategoryGuardrail = ReturnType<typeof useCategoryGuardrail>;

/**
 * Marks the categories with the server's refusal (CATEGORY_NOT_ALLOWED): the setting changed
 * since the page loaded.
 */
export function markCategoryRefusal(form: MedicineFormState, error: unknown) {
  const named = (
    error instanceof ApiError && error.body?.code === 'CATEGORY_NOT_ALLOWED'
      ? (error.body.details as { categories?: string[] } | undefined)?.categories?.[0]
      : undefined
  ) as keyof typeof categoryRefusalMessage | undefined;
  if (named && categoryRefusalMessage[named])
    form.setError('categories', { message: categoryRefusalMessage[named] });
}

/** The categories checkboxes with the rule that applies to this lister and its refusal. */
export function CategoriesField({
  form,
  guardrail,
  errors,
}: {
  form: MedicineFormState;
  guardrail: CategoryGuardrail;
  errors: FieldErrors<MedicineCreateInput>;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const formId = useId();
  const { source, donorForbidden, refused } = guardrail;
  const categoryMessage = refused.length
    ? t(`messages:${categoryRefusalMessage[refused[0]!]}`)
    : fieldMessage(t, errors.categories as Parameters<typeof fieldMessage>[1]);
  return (
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
  );
}
