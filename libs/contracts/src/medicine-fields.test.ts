import { describe, expect, it } from 'vitest';
import { gtinField } from './medicine-fields';
import { recallCreateSchema } from './recalls';

// A GTIN typed on an Arabic keyboard (Arabic-Indic digits) is the same GTIN as the box's barcode.
const gtin14 = '06221234567891';

describe('a GTIN typed by hand', () => {
  it.each([
    ['Latin digits', '6221234567891'],
    ['Arabic-Indic digits', '٦٢٢١٢٣٤٥٦٧٨٩١'],
    ['Persian digits', '۶۲۲۱۲۳۴۵۶۷۸۹۱'],
    ['spaced and mixed', '٦٢٢ 1234-567891'],
    ['with a direction mark an Arabic field may add', '\u200e6221234567891'],
  ])('%s is stored as the GTIN-14', (_, typed) => {
    expect(gtinField.parse(typed)).toBe(gtin14);
    expect(recallCreateSchema.parse({ gtin: typed, batch: 'LOT-9', reason: 'Particles' }).gtin).toBe(gtin14);
  });

  it('still refuses a wrong check digit, whatever its digits', () => {
    expect(gtinField.safeParse('٦٢٢١٢٣٤٥٦٧٨٩٠').error?.issues[0]?.message).toBe('gtinInvalid');
    expect(
      recallCreateSchema.safeParse({ gtin: '٦٢٢١٢٣٤٥٦٧٨٩٠', batch: 'L', reason: 'Particles' }).success,
    ).toBe(false);
  });
});
