// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { tokenStore } from './http';
import {
  useChangeRequestStatus,
  usePendingRequestCount,
  useRequestPages,
  useRequestsPage,
  useTransactionsPage,
} from './requests';

const summary = (pendingOut: number) => ({
  incoming: { pending: 0, approved: 0, rejected: 0, completed: 0, cancelled: 0 },
  outgoing: { pending: pendingOut, approved: 0, rejected: 0, completed: 0, cancelled: 0 },
});
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

let pendingOut = 2;
let calls: string[] = [];
beforeEach(() => {
  tokenStore.set('token');
  pendingOut = 2;
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url.startsWith('/api/requests/my/summary')) return json(summary(pendingOut));
    if (init?.method === 'PUT') return json({});
    const query = new URL(url, 'http://x').searchParams;
    const page = Number(query.get('page') ?? 1);
    // 45 requests in all, served a page at a time.
    const size = Number(query.get('pageSize') ?? 20);
    const ids = Array.from({ length: 45 }, (_, i) => 45 - i).slice((page - 1) * size, page * size);
    return json(
      ids.map((id) => ({ id, status: 'pending', direction: 'outgoing', updatedAt: '', pickup: null })),
      { 'X-Total-Count': '45' },
    );
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  tokenStore.clear();
});

function setup() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('request lists a page at a time', () => {
  it('asks for one section (direction, statuses, page) and reads the total', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () =>
        useRequestsPage({ direction: 'incoming', status: ['approved', 'rejected'], page: 2, pageSize: 10 }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls).toContain(
      'GET /api/requests/my?direction=incoming&page=2&pageSize=10&status=approved%2Crejected',
    );
    expect(result.current.data!.total).toBe(45);
    expect(result.current.data!.items.map((r) => r.id)).toEqual([35, 34, 33, 32, 31, 30, 29, 28, 27, 26]);
  });

  it('loads more pages until the total is reached', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () => useRequestPages({ direction: 'incoming', sort: 'updated', pageSize: 20 }),
      {
        wrapper,
      },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data!.pages).toHaveLength(3));
    expect(result.current.data!.pages.flatMap((p) => p.items)).toHaveLength(45);
    expect(result.current.hasNextPage).toBe(false);
    expect(
      calls
        .filter((c) => c.includes('sort=updated'))
        .map((c) => new URL(c.slice(4), 'http://x').searchParams.get('page')),
    ).toEqual(['1', '2', '3']);
  });
});

describe('the sidebar badge follows the screens', () => {
  it('reads the pending count from the summary, and again when a list screen opens', async () => {
    const { wrapper } = setup();
    const badge = renderHook(() => usePendingRequestCount('outgoing'), { wrapper });
    await waitFor(() => expect(badge.result.current).toBe(2));
    // The provider answers one meanwhile; opening My Requests brings the badge up to date.
    pendingOut = 1;
    const screen = renderHook(() => useTransactionsPage({ direction: 'outgoing' }), { wrapper });
    await waitFor(() => expect(screen.result.current.isSuccess).toBe(true));
    await waitFor(() => expect(badge.result.current).toBe(1));
    // Counts, never the whole list: the screen asked for one page.
    expect(calls.filter((c) => c.includes('/api/requests/my/summary'))).toHaveLength(2);
    expect(calls.filter((c) => c.includes('/api/transactions/my'))).toEqual([
      'GET /api/transactions/my?direction=outgoing',
    ]);
    act(() => screen.unmount());
  });

  it('counts again after the caller moves a request', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () => ({ badge: usePendingRequestCount('outgoing'), change: useChangeRequestStatus() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.badge).toBe(2));
    pendingOut = 1;
    await act(() => result.current.change.mutateAsync({ id: 7, status: 'cancelled' }));
    await waitFor(() => expect(result.current.badge).toBe(1));
    expect(calls).toContain('PUT /api/requests/7/status');
  });
});
