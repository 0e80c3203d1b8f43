// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, offlineEvents, savedAtHeader, tokenStore } from '@medrelay/api-client';
import { renderInRemote } from '@medrelay/ui/test-support';
import { OfflineBanner } from './offline-banner';

afterEach(() => {
  vi.restoreAllMocks();
  tokenStore.clear();
});

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
});
