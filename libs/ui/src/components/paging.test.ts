import { describe, expect, it } from 'vitest';
import { pageCount } from './paging';

describe('paging', () => {
  it('pages through the total, at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(205, 20)).toBe(11);
  });
});
