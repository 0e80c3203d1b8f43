import { describe, expect, it } from 'vitest';
import { normalizePhone, whatsAppLink, whatsAppNumber } from './phone';

describe('normalizePhone (E.164)', () => {
  it.each([
    ['01001234567', '+201001234567'],
    ['010 0123 4567', '+201001234567'],
    ['010-0123-4567', '+201001234567'],
    ['+20 100 123 4567', '+201001234567'],
    ['00201001234567', '+201001234567'],
    ['201221234567', '+201221234567'],
    ['٠١١٢٢٣٣٤٤٥٥', '+201122334455'],
    ['01512345678', '+201512345678'],
    ['0225551234', '+20225551234'],
    ['(03) 4812345', '+2034812345'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    '',
    '0101',
    '01301234567',
    '0100123456',
    '010012345678',
    '12345678901',
    '+20 1',
    'call me',
    '+0123456789',
    '0020',
  ])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('WhatsApp links', () => {
  it('use the E.164 digits without + and the message URL-encoded', () => {
    expect(whatsAppNumber('+201001234567')).toBe('201001234567');
    expect(whatsAppLink('0100 123 4567', 'طلب رقم 12')).toBe(
      `https://wa.me/201001234567?text=${encodeURIComponent('طلب رقم 12')}`,
    );
    expect(whatsAppLink('not a number', 'x')).toBeNull();
  });
});
