import { describe, expect, it } from 'vitest';
import { pageCount, photoProblem, requestQuantityProblem } from './rules';

describe('medicine screen rules', () => {
  it('refuses photos of other types or above the max upload setting', () => {
    const mb = 1024 * 1024;
    expect(photoProblem({ type: 'image/png', size: 2 * mb }, 10)).toBeNull();
    expect(photoProblem({ type: 'image/webp', size: 10 * mb }, 10)).toBeNull();
    expect(photoProblem({ type: 'image/jpeg', size: 10 * mb + 1 }, 10)).toEqual({
      key: 'imageTooLarge',
      params: { max: 10 },
    });
    expect(photoProblem({ type: 'image/gif', size: 10 }, 10)?.key).toBe('imageTypeInvalid');
    expect(photoProblem({ type: 'application/pdf', size: 10 }, 10)?.key).toBe('imageTypeInvalid');
  });

  it('asks for 1 up to the available quantity (spec §5)', () => {
    expect(requestQuantityProblem(1, 5)).toBeNull();
    expect(requestQuantityProblem(5, 5)).toBeNull();
    expect(requestQuantityProblem(6, 5)).toBe('max');
    expect(requestQuantityProblem(0, 5)).toBe('min');
    expect(requestQuantityProblem(1.5, 5)).toBe('min');
    expect(requestQuantityProblem(Number(''), 5)).toBe('min');
  });

  it('pages through the total, at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(205, 20)).toBe(11);
  });
});
