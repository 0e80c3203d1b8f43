// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from './http';
import { createQueryClient } from './query-client';
import { useLogout } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('signing out', () => {
  it("stops this device's pushes while the token still works, forgets what was kept for the user, then ends the session", async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url} ${(init.headers as Record<string, string>).Authorization}`);
      return new Response(null, { status: 204 });
    });
    const unsubscribe = vi.fn(async () => true);
    const endpoint = 'https://fcm.googleapis.com/fcm/send/device-1';
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: {
        getRegistration: async () => ({
          pushManager: { getSubscription: async () => ({ endpoint, unsubscribe }) },
        }),
      },
    });
    tokenStore.set('token-of-a');
    // What a screen kept for this user (a donor's last pickup place: her home) and the device's language.
    localStorage.setItem('medrelay:lastPickupOffer:7', '{"location":"12 Tahrir St"}');
    localStorage.setItem('i18nextLng', 'ar');
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLogout(), { wrapper });
    result.current();
    expect(tokenStore.get()).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([
      `DELETE /api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)} Bearer token-of-a`,
      'POST /api/auth/logout Bearer token-of-a',
    ]);
    expect(unsubscribe).toHaveBeenCalledOnce();
    expect(localStorage.getItem('medrelay:lastPickupOffer:7')).toBeNull();
    expect(localStorage.getItem('i18nextLng')).toBe('ar');
  });
});
