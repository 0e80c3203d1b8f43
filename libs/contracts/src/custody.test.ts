import { isHandoverCodeShape } from '@medrelay/domain/handover';
import { describe, expect, it } from 'vitest';
import { handoverBodySchema } from './custody';

describe('handover body', () => {
  it('accepts exactly the codes the domain calls handover codes (after trimming)', () => {
    for (const code of ['012345', '999999', '12345', '1234567', '12a456', '']) {
      expect(handoverBodySchema.safeParse({ code }).success).toBe(isHandoverCodeShape(code));
    }
    expect(handoverBodySchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
  });

  it('reads a code typed on an Arabic keypad (Arabic-Indic or Persian digits) as the same code', () => {
    expect(handoverBodySchema.parse({ code: '١٢٣٤٥٦' })).toEqual({ code: '123456' });
    expect(handoverBodySchema.parse({ code: '۰۱۲۳۴۵' })).toEqual({ code: '012345' });
    expect(handoverBodySchema.safeParse({ code: '١٢٣٤٥' }).success).toBe(false);
  });
});
