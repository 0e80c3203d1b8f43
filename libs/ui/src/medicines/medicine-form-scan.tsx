import { useRef, useState, type RefObject } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { lookupProduct, useBatchRecall } from '@medrelay/api-client';
import { gtinDigits } from '@medrelay/contracts';
import { currentLanguage } from '@medrelay/i18n';
import { toGtin14 } from '@medrelay/domain/gtin';
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
  /**
   * Name and type the dictionary filled, and for which GTIN: a scan of another product clears
   * them, unlike what the user typed.
   */
  const fromDictionary = useRef<{ gtin?: string; name?: string; type?: string }>({});
  /** The latest scan: a slower lookup of an earlier pack must not name the one scanned since. */
  const latestScan = useRef(0);
  const fill = (name: ScanFilled, value: string) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const applyScan = async (text: string) => {
    const scan = ++latestScan.current;
    const language = currentLanguage(i18n);
    const read = await readPackCode(text, language);
    if (scan !== latestScan.current) return;
    if ('problem' in read) {
      setScanNote({ intent: 'error', text: read.problem });
      return;
    }
    const { pack } = read;
    const current = form.getValues();
    const held = current.gtin ? toGtin14(gtinDigits(current.gtin)) : '';
    // Another pack than the form holds: a serial, batch or expiry its code does not carry was
    // the other pack's, and would be saved under this GTIN.
    const anotherPack = !!pack.gtin && !!held && held !== pack.gtin;
    for (const code of ['expiryDate', 'batch', 'serial'] as const) {
      const value = pack[code];
      if (value) fill(code, value);
      else if (anotherPack && current[code]) fill(code, '');
    }
    if (pack.gtin) fill('gtin', pack.gtin);
    if (pack.gtin && pack.gtin !== fromDictionary.current.gtin) {
      // The dictionary named another product: saved with this GTIN, it would teach the
      // dictionary a wrong name for it (the first listing's name is kept).
      const { name, type } = fromDictionary.current;
      if (name && current.name === name) fill('name', '');
      if (type && current.type === type) fill('type', '');
      fromDictionary.current = {};
    }
    const product = pack.gtin ? await lookupProduct(pack.gtin).catch(() => null) : null;
    if (scan !== latestScan.current) return;
    if (product) {
      // Pre-filled, still editable; never over what the user typed.
      const now = form.getValues();
      if (!now.name) fill('name', product.name);
      if (!now.type) fill('type', product.type);
      fromDictionary.current = { gtin: pack.gtin, name: product.name, type: product.type };
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
