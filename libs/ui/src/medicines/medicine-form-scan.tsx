import { useRef, useState, type RefObject } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { lookupProduct, useBatchRecall } from '@medrelay/api-client';
import { currentLanguage } from '@medrelay/i18n';
import type { MedicineFormState } from './medicine-form';
import { PackScanButtons, readPackCode, useWedgeScan } from './scan/pack-scan';

/** Fields a scan may fill: controlled, so a value set by the form shows in the Fluent input. */
type ScanFilled = 'name' | 'type' | 'gtin' | 'batch' | 'serial' | 'expiryDate';

/**
 * Scanning a pack into the medicine form: the camera, a photo, or a keyboard-wedge scanner typing
 * into the form. The code fills the pack codes and expiry date; the product dictionary pre-fills
 * name and type. The note under the buttons says what the scan did, or why it was refused.
 */
export function MedicineFormScan({
  form,
  formRef,
}: {
  form: MedicineFormState;
  /** The form a wedge scanner types into. */
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const { t, i18n } = useTranslation('common');
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
  // A scanned batch under a recall: the note says so at once (the form also warns before saving).
  const [gtin, batch] = form.watch(['gtin', 'batch']);
  const recalled = useBatchRecall(gtin, batch).data?.recalled === true;
  const note =
    scanNote?.intent === 'success' && recalled
      ? { intent: 'warning' as const, text: t('recallNotice.scanRecalled') }
      : scanNote;
  return (
    <>
      <PackScanButtons
        onCode={(text) => void applyScan(text)}
        onProblem={(text) => setScanNote({ intent: 'error', text })}
      />
      {note && (
        <MessageBar intent={note.intent} data-testid="scan-note">
          <MessageBarBody>{note.text}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
