// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBrowseMedicines } from './catalog';
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
