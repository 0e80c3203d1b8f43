import { Field, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { governorates, isGovernorate, type Governorate } from '@medrelay/domain/governorates';

/**
 * Egypt's 27 governorates, optional: "Not given" is null. Matches in the user's own
 * governorate are shown first. Controlled (a react-hook-form Controller's field).
 */
export function GovernorateSelect({
  value,
  onChange,
  validationMessage,
}: {
  value: Governorate | null | undefined;
  onChange: (value: Governorate | null) => void;
  validationMessage?: string | undefined;
}) {
  const { t } = useTranslation('common');
  return (
    <Field
      label={t('governorateField.label')}
      hint={t('governorateField.hint')}
      validationMessage={validationMessage}
    >
      <Select
        value={value ?? ''}
        onChange={(_, data) => onChange(isGovernorate(data.value) ? data.value : null)}
      >
        <option value="">{t('governorateField.none')}</option>
        {governorates.map((g) => (
          <option key={g} value={g}>
            {t(`governorate.${g}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
