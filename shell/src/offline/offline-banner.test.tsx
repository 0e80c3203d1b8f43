// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, offlineEvents, savedAtHeader, tokenStore } from '@medrelay/api-client';
import { renderInRemote } from '@medrelay/ui/test-support';
import { OfflineBanner } from './offline-banner';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  tokenStore.clear();
});

/** The page's clock at a Cairo moment (only Date is faked: the screen's timers and promises run). */
const pinClock = (instant: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
};

/** An answer as MedRelay's service worker gives it: from the network, or its saved copy. */
function answer(savedAt?: string) {
  return new Response('[]', {
    headers: { 'Content-Type': 'application/json', ...(savedAt ? { [savedAtHeader]: savedAt } : {}) },
  });
}

describe('the offline banner', () => {
  it.each([
    { language: 'en' as const, text: 'Offline — saved at 09:05' },
    { language: 'ar' as const, text: 'مفيش اتصال — محفوظ الساعة 09:05' },
  ])(
    '$language: the oldest saved copy on screen, in Cairo time with Latin digits',
    async ({ language, text }) => {
      // Copies saved that same Cairo day: the time says enough.
      pinClock('2026-11-26T12:00:00.000Z');
      tokenStore.set('t');
      await renderInRemote(<OfflineBanner />, { language });
      expect(screen.queryByTestId('offline-banner')).toBeNull();

      // 07:05 UTC is 09:05 in Cairo (UTC+2 in November); the later copy does not change the time.
      vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer('2026-11-26T07:05:00.000Z'));
      await act(() => apiRequest('GET', '/api/medicines/my'));
      vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer('2026-11-26T07:40:00.000Z'));
      await act(() => apiRequest('GET', '/api/requests/my'));
      expect((await screen.findByTestId('offline-banner')).textContent).toContain(text);

      // Fresh answers for both take it away.
      vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer());
      await act(() => apiRequest('GET', '/api/medicines/my'));
      expect(screen.getByTestId('offline-banner').textContent).toContain(text.replace('09:05', '09:40'));
      vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer());
      await act(() => apiRequest('GET', '/api/requests/my'));
      expect(screen.queryByTestId('offline-banner')).toBeNull();
    },
  );

  it('goes when the connection returns', async () => {
    await renderInRemote(<OfflineBanner />);
    act(() => {
      window.dispatchEvent(
        new CustomEvent(offlineEvents.savedCopy, {
          detail: { url: '/api/medicines', savedAt: new Date().toISOString() },
        }),
      );
    });
    await screen.findByTestId('offline-banner');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it.each([
    { language: 'en' as const, text: 'Offline — saved Nov 20, 2026 at 09:05' },
    { language: 'ar' as const, text: 'مفيش اتصال — محفوظ يوم' },
  ])('$language: says the day of a copy saved before today', async ({ language, text }) => {
    pinClock('2026-11-26T12:00:00.000Z');
    await renderInRemote(<OfflineBanner />, { language });
    act(() => {
      window.dispatchEvent(
        new CustomEvent(offlineEvents.savedCopy, {
          detail: { url: '/api/medicines/my', savedAt: '2026-11-20T07:05:00.000Z' },
        }),
      );
    });
    const banner = (await screen.findByTestId('offline-banner')).textContent!;
    expect(banner).toContain(text);
    expect(banner).toMatch(/2026.*09:05/);
  });

  it('goes when no screen shows the saved list any more (the user moved on)', async () => {
    const { client, rerender } = await renderInRemote(
      <>
        <OfflineBanner />
        <List />
      </>,
      { queryFn: async () => [] },
    );
    await waitFor(() =>
      expect(
        client
          .getQueryCache()
          .find({ queryKey: ['/api/requests/my'] })
          ?.getObserversCount(),
      ).toBe(1),
    );
    act(() => {
      window.dispatchEvent(
        new CustomEvent(offlineEvents.savedCopy, {
          detail: { url: '/api/requests/my', savedAt: new Date().toISOString() },
        }),
      );
    });
    await screen.findByTestId('offline-banner');
    rerender(<OfflineBanner />);
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
  });
});

/** A screen showing one list. */
function List() {
  useQuery({ queryKey: ['/api/requests/my'] });
  return null;
}
