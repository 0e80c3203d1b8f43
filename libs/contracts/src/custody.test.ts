import { isHandoverCodeShape } from '@medrelay/domain/handover';
import { describe, expect, it } from 'vitest';
import { handoverBodySchema } from './custody';

describe('handover body', () => {
  it('accepts exactly the codes the domain calls handover codes (after trimming)', () => {
    for (const code of ['012345', '999999', '12345', '1234567', '١٢٣٤٥٦', '12a456', '']) {
      expect(handoverBodySchema.safeParse({ code }).success).toBe(isHandoverCodeShape(code));
    }
    expect(handoverBodySchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
  });
});
