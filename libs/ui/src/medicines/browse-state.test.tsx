// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBrowseState } from './browse-toolbar';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useBrowseState', () => {
  const start = () => {
    const hook = renderHook(() => useBrowseState<'all' | 'urgent'>('expiry', 'all'));
    act(() => hook.result.current.setPage(3));
    return hook;
  };

  it('sends the search 300 ms after the last key and then goes back to page 1', () => {
    const { result } = start();
    act(() => result.current.setSearchText('con'));
    act(() => void vi.advanceTimersByTime(200));
    act(() => result.current.setSearchText('concor'));
    act(() => void vi.advanceTimersByTime(299));
    expect(result.current).toMatchObject({ q: '', page: 3 });
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ q: 'concor', page: 1 });
  });

  it('keeps the page when the typed text does not change the search (spaces only)', () => {
    const { result } = start();
    act(() => result.current.setSearchText('   '));
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ q: '', page: 3 });
    act(() => result.current.setPage(2));
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.page).toBe(2);
  });

  it('goes back to page 1 on a new sort or filter, and Clear resets everything', () => {
    const { result } = start();
    act(() => result.current.setSort('name'));
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(4));
    act(() => result.current.setFilter('urgent'));
    expect(result.current).toMatchObject({ page: 1, filter: 'urgent' });
    act(() => result.current.setSearchText('x'));
    act(() => result.current.clear());
    expect(result.current).toMatchObject({ searchText: '', q: '', sort: 'expiry', filter: 'all', page: 1 });
  });

  it('resets the radius too, and says whether anything differs from the start', () => {
    const { result } = start();
    expect(result.current.changed).toBe(false);
    act(() => result.current.setRadius(10));
    expect(result.current).toMatchObject({ radius: 10, page: 1, changed: true });
    act(() => result.current.clear());
    expect(result.current).toMatchObject({ radius: null, changed: false });
    act(() => result.current.setSort('name'));
    expect(result.current.changed).toBe(true);
    act(() => result.current.setSort('expiry'));
    expect(result.current.changed).toBe(false);
    act(() => result.current.setSearchText('a'));
    expect(result.current.changed).toBe(true);
  });
});
