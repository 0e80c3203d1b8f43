import { useRef, useState, type RefObject } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { asciiDigits } from '@medrelay/domain/digits';

/** The units typed, when a whole number from 1 to `max` (Arabic-Indic digits read too); null otherwise. */
export function unitsIn(text: string, max: number): number | null {
  const digits = asciiDigits(text).trim();
  if (!/^\d+$/.test(digits)) return null;
  const units = Number(digits);
  return units >= 1 && units <= max ? units : null;
}

/** What the box shows and says: the hook's `field`, spread onto UnitsToApprove. */
export interface UnitsToApproveField {
  asked: number;
  left: number;
  max: number;
  text: string;
  invalid: boolean;
  input: RefObject<HTMLInputElement | null>;
  onText: (text: string) => void;
  onBlur: () => void;
}

/**
 * How many units the owner approves when fewer are left than were asked: at most those left (the
 * server refuses more, 409) and those asked; all that is left at first. The text stays as typed
 * (clearing it to type another number must not snap back to 1); it is checked when the box is
 * left and on approving. `units` is the last count typed right: the total shown and sent.
 */
export function useUnitsToApprove(asked: number, left: number) {
  const max = Math.max(1, Math.min(asked, left));
  const [text, setText] = useState(String(max));
  const [units, setUnits] = useState(max);
  const [checked, setChecked] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const valid = unitsIn(text, max) !== null;
  const field: UnitsToApproveField = {
    asked,
    left,
    max,
    text,
    invalid: checked && !valid,
    input,
    onText: (typed) => {
      setText(typed);
      const counted = unitsIn(typed, max);
      if (counted !== null) setUnits(counted);
    },
    onBlur: () => setChecked(true),
  };
  return {
    units,
    field,
    /** On approving: whether the box holds a count to send; if not, it says why and takes focus. */
    check: () => {
      setChecked(true);
      if (!valid) input.current?.focus();
      return valid;
    },
    /** Opening the dialog again starts from all that is left. */
    reset: () => {
      setText(String(max));
      setUnits(max);
      setChecked(false);
    },
  };
}

/** The approve dialog's box for the units approved, with why fewer (its hint) and what is wrong. */
export function UnitsToApprove({
  asked,
  left,
  max,
  text,
  invalid,
  input,
  onText,
  onBlur,
}: UnitsToApproveField) {
  const { t } = useTranslation('common');
  return (
    <Field
      label={t('request.unitsToApprove')}
      hint={t('request.onlyLeft', {
        count: left,
        left: t('medicine.units', { count: left }),
        asked: t('medicine.units', { count: asked }),
      })}
      validationMessage={invalid ? t('request.unitsToApproveInvalid', { count: max }) : undefined}
    >
      <Input
        ref={input}
        type="number"
        min={1}
        max={max}
        step={1}
        value={text}
        data-testid="units-to-approve"
        onChange={(_, data) => onText(data.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}
