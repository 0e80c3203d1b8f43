// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { requestKeys, useMyTransactions, usePendingRequestCount } from './requests';

const request = (id: number, status: string) => ({ id, status, direction: 'outgoing', pickup: null });

describe('the sidebar badge follows the My Requests screen', () => {
  it('counts again from the transactions that screen loads, without a call of its own', async () => {
    // What the server answers now: the provider has approved request 1 since the badge loaded.
    let server = [request(1, 'pending'), request(2, 'pending')];
    const calls: string[] = [];
    const client = new QueryClient({
      defaultOptions: {
        queries: {
          staleTime: Infinity,
          retry: false,
          queryFn: async ({ queryKey }) => {
            calls.push(String(queryKey[0]));
            return server;
          },
        },
      },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const badge = renderHook(() => usePendingRequestCount('outgoing'), { wrapper });
    await waitFor(() => expect(badge.result.current).toBe(2));

    server = [request(1, 'approved'), request(2, 'pending')];
    const screen = renderHook(() => useMyTransactions(), { wrapper });
    await waitFor(() => expect(screen.result.current.isSuccess).toBe(true));
    await waitFor(() => expect(badge.result.current).toBe(1));
    expect(calls).toEqual([requestKeys.mine[0], requestKeys.transactions[0]]);
    act(() => screen.unmount());
  });
});
