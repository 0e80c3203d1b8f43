import { useState } from 'react';
import { Field } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { medicineImageTypes, translate } from '@medrelay/contracts';
import { photoProblem } from '@medrelay/domain/photos';
import { currentLanguage } from '@medrelay/i18n';
import { FilePicker } from '../forms/file-picker';

/**
 * The listing's optional photo: a file the domain's photo rules accept (type and the
 * administrator's maximum upload size), or null with the reason shown under the field.
 */
export function usePhotoChoice(maxUploadMb: number) {
  const { i18n } = useTranslation('common');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const choose = (file: File | null) => {
    const problem = file && photoProblem(file, maxUploadMb);
    setError(problem ? translate(problem.key, currentLanguage(i18n), problem.params) : undefined);
    setPhoto(problem ? null : file);
  };
  return { photo, error, choose };
}

/** The photo field of the medicine form: its picker, the size hint and the refusal. */
export function MedicinePhotoField({
  maxUploadMb,
  error,
  onFile,
}: {
  maxUploadMb: number;
  error: string | undefined;
  onFile: (file: File | null) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Field
      label={t('medicine.photo')}
      hint={t('medicine.photoHint', { max: maxUploadMb })}
      validationMessage={error}
    >
      {(fieldProps) => (
        <FilePicker
          {...fieldProps}
          accept={medicineImageTypes.join(',')}
          label={t('medicine.photo')}
          chooseLabel={t('medicine.choosePhoto')}
          noneLabel={t('medicine.noPhoto')}
          onFile={onFile}
        />
      )}
    </Field>
  );
}
