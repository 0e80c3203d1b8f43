import { describe, expect, it } from 'vitest';
import { exportFileName, keysetRows } from './admin';

describe('the Export Data file name', () => {
  it('is the Cairo calendar day of the export, not the UTC one', () => {
    // 00:30 in Cairo on the 26th is still the 25th in UTC.
    expect(exportFileName('2026-11-25T22:30:00.000Z')).toBe('medrelay-export-2026-11-26.json');
    expect(exportFileName('2026-11-25T21:59:00.000Z')).toBe('medrelay-export-2026-11-25.json');
    // Summer time (UTC+3): 23:30 Cairo on 1 July is 20:30 UTC.
    expect(exportFileName('2026-07-01T21:30:00.000Z')).toBe('medrelay-export-2026-07-02.json');
  });
});

describe('Export Data rows walked by id', () => {
  it('asks each page after the last id of the one before, each row once, and stops at a short page', async () => {
    // Ids with gaps (rows deleted), pages of 3; a row (12) added while the walk is under way.
    let table = [1, 2, 4, 5, 7, 8, 9].map((id) => ({ id }));
    const asked: number[] = [];
    const pageAfter = async (after: number) => {
      asked.push(after);
      if (after === 4) table = [...table, { id: 12 }];
      return table.filter((row) => row.id > after).slice(0, 3);
    };
    const ids: number[] = [];
    for await (const row of keysetRows(await pageAfter(0), pageAfter, 3)) ids.push(row.id);
    expect(ids).toEqual([1, 2, 4, 5, 7, 8, 9, 12]);
    expect(asked).toEqual([0, 4, 8]);
  });

  it('asks once more after a full last page, and gives nothing twice', async () => {
    const table = [1, 2, 3, 4].map((id) => ({ id }));
    const pageAfter = async (after: number) => table.filter((row) => row.id > after).slice(0, 2);
    const ids: number[] = [];
    for await (const row of keysetRows(await pageAfter(0), pageAfter, 2)) ids.push(row.id);
    expect(ids).toEqual([1, 2, 3, 4]);
  });

  it('stops with an error when a service answers the same rows again (it ignored `after`)', async () => {
    const firstPage = [{ id: 1 }, { id: 2 }];
    const rows = keysetRows(firstPage, async () => firstPage, 2);
    const ids: number[] = [];
    await expect(async () => {
      for await (const row of rows) ids.push(row.id);
    }).rejects.toThrow(/out of id order/);
    expect(ids).toEqual([1, 2]);
  });
});
