import { describe, expect, it } from 'vitest';
import { exportFileName } from './admin';

describe('the Export Data file name', () => {
  it('is the Cairo calendar day of the export, not the UTC one', () => {
    // 00:30 in Cairo on the 26th is still the 25th in UTC.
    expect(exportFileName('2026-11-25T22:30:00.000Z')).toBe('medrelay-export-2026-11-26.json');
    expect(exportFileName('2026-11-25T21:59:00.000Z')).toBe('medrelay-export-2026-11-25.json');
    // Summer time (UTC+3): 23:30 Cairo on 1 July is 20:30 UTC.
    expect(exportFileName('2026-07-01T21:30:00.000Z')).toBe('medrelay-export-2026-07-02.json');
  });
});
