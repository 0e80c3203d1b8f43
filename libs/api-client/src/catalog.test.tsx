// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refetchStockLists, useBrowseMedicines, useMyMedicines, useMyMedicineSummary } from './catalog';
import { ApiError, tokenStore } from './http';
import { createQueryClient } from './query-client';

afterEach(() => vi.restoreAllMocks());

describe('useBrowseMedicines', () => {
  it('sends nothing without a session (the default loader’s guard): a local 401', async () => {
    tokenStore.clear();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useBrowseMedicines({ q: 'concor', page: 1 }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect((result.current.error as ApiError).status).toBe(401);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('own lists', () => {
  it('reads a page with its total, and refetchStockLists refreshes every page and the summary', async () => {
    tokenStore.set('a-token');
    let units = 10;
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      asked.push(url);
      const json = (body: unknown, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(body), {
          headers: { 'Content-Type': 'application/json', ...headers },
        });
      if (url.startsWith('/api/medicines/my/summary'))
        return json({ listings: 41, units, available: 40, urgent: 0, livesImpacted: 15 });
      return json([{ id: 1 }], { 'X-Total-Count': '41' });
    });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ page: useMyMedicines({ page: 3, pageSize: 20 }), summary: useMyMedicineSummary() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.summary.data?.units).toBe(10));
    await waitFor(() =>
      expect(result.current.page.data).toEqual({ items: [{ id: 1 }], total: 41, estimated: false }),
    );
    expect(asked.sort()).toEqual(['/api/medicines/my/summary', '/api/medicines/my?page=3&pageSize=20']);

    units = 12;
    await refetchStockLists(client);
    await waitFor(() => expect(result.current.summary.data?.units).toBe(12));
    expect(asked.filter((u) => u.startsWith('/api/medicines/my?page=3'))).toHaveLength(2);
    tokenStore.clear();
  });
});
