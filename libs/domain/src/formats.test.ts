import { describe, expect, it } from 'vitest';
import { formatCairoDateTime } from './formats';

describe("a moment in full, as e-mails give it (Cairo's time)", () => {
  it('is on the 24-hour clock in both languages, as the screens and pickup windows are', () => {
    // 17:30 UTC is 19:30 in Cairo in November; the locales' own short time said '7:30 PM' / '7:30 م'.
    expect(formatCairoDateTime('2026-11-29T17:30:00Z', 'en')).toBe('Sunday, November 29, 2026 at 19:30');
    expect(formatCairoDateTime('2026-11-29T17:30:00Z', 'ar')).toBe('الأحد، 29 نوفمبر 2026 في 19:30');
  });
});
