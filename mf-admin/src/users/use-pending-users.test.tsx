// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@medrelay/api-client';
import { usePendingReviewCount } from './use-pending-users';

afterEach(() => vi.restoreAllMocks());

describe("User Approvals' badge", () => {
  it('counts the accounts and the pharmacists’ licences waiting for review', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const total = String(input).includes('/api/admin/pharmacist-licenses') ? '2' : '3';
      return new Response('[]', {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': total },
      });
    });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePendingReviewCount(), { wrapper });
    await waitFor(() => expect(result.current).toBe(5));
  });
});
