import { forwardRef } from 'react';
import { Select, type SelectProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { dosageForms } from '@medrelay/domain/dosage-forms';

/**
 * The dosage form chooser of every form that names a medicine (listing, donation, the admin's
 * product dictionary): a native select (the phone's own picker), labels in the reader's language
 *, empty until chosen.
 */
export const DosageFormSelect = forwardRef<
  HTMLSelectElement,
  Omit<SelectProps, 'value' | 'onChange'> & { value: string; onValue: (value: string) => void }
>(function DosageFormSelect({ value, onValue, ...props }, ref) {
  const { t } = useTranslation('common');
  return (
    <Select {...props} ref={ref} value={value} onChange={(_, data) => onValue(data.value)}>
      <option value="" disabled>
        {t('medicine.typePlaceholder')}
      </option>
      {dosageForms.map((key) => (
        <option key={key} value={key}>
          {t(`dosageForm.${key}`)}
        </option>
      ))}
    </Select>
  );
});
