// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@medrelay/api-client';
import { requestEndpoints } from '@medrelay/contracts/endpoints';
import { pushEndpointDigest } from '@medrelay/domain';
import { handOverRenewedPush, rememberRegisteredPush } from './push-renewal';

/** This browser holds `endpoint` as its push subscription; svc-requests' answers are recorded. */
function browserWith(endpoint: string | null) {
  const sent: Array<{ url: string; method: string; body: unknown }> = [];
  const subscription = endpoint && {
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
  };
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }),
    },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url: String(url), method: String(init.method), body: JSON.parse(String(init.body)) });
    return Response.json({}, { status: 201 });
  });
  return sent;
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('token');
});
afterEach(() => vi.unstubAllGlobals());

describe('a push subscription the browser renewed by itself', () => {
  it('is handed to svc-requests once, for the user who turned push on here', async () => {
    rememberRegisteredPush(await pushEndpointDigest('https://push.example/old'));
    const sent = browserWith('https://push.example/rotated');
    expect(await handOverRenewedPush()).toBe(true);
    expect(sent).toEqual([
      {
        url: requestEndpoints.subscribePush.path,
        method: 'POST',
        body: { endpoint: 'https://push.example/rotated', keys: { p256dh: 'p', auth: 'a' } },
      },
    ]);
    // Remembered now: the next start sends nothing.
    expect(await handOverRenewedPush()).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('is left alone for a user who never turned push on here (a shared phone), or with none', async () => {
    const sent = browserWith('https://push.example/someone-else');
    expect(await handOverRenewedPush()).toBe(false);
    rememberRegisteredPush(await pushEndpointDigest('https://push.example/old'));
    browserWith(null);
    expect(await handOverRenewedPush()).toBe(false);
    expect(sent).toEqual([]);
  });
});
