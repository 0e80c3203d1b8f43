import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, tokenStore } from './http';
import { createQueryClient, getQueryFn } from './query-client';

const storage = new Map<string, string>();
beforeEach(() => {
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
});

afterEach(() => {
  storage.clear();
  vi.unstubAllGlobals();
});

const run = (queryKey: readonly unknown[], options?: Parameters<typeof getQueryFn>[0]) =>
  new QueryClient().fetchQuery({ queryKey, queryFn: getQueryFn(options), retry: false });

describe('default loader without a session', () => {
  it('does not send a guarded call once signed out (a logout while a screen loads)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const failure = await run(['/api/medicines/my']).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).serverMessage).toBe('Please sign in to continue');
    expect(await run(['/api/requests/my'], { on401: 'returnNull' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('still loads the public figures, and guarded calls with a token', async () => {
    const fetch = vi.fn(
      async () => new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await run(['/api/impact'])).toEqual({ ok: true });
    tokenStore.set('t');
    expect(await run(['/api/medicines/my'])).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('while the browser says it is offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('still sends calls and forms, for the service worker to answer or keep', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    tokenStore.set('t');
    const fetch = vi.fn(
      async () => new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await client.fetchQuery({ queryKey: ['/api/medicines/my'] })).toEqual({ ok: true });
    const mutation = client.getMutationCache().build(client, { mutationFn: async () => 'sent' });
    expect(await mutation.execute(undefined)).toBe('sent');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('a session that ends without a sign-out', () => {
  it("forgets the device's saved lists when a call comes back 401", async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => ['medrelay-api-5', 'medrelay-remote-chunks'],
      delete: async (name: string) => deleted.push(name) > 0,
    });
    vi.stubGlobal('fetch', async () => new Response('{"message":"Session expired"}', { status: 401 }));
    tokenStore.set('t');
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['/api/medicines/my'] }).catch(() => undefined);
    await vi.waitFor(() => expect(deleted).toEqual(['medrelay-api-5']));
    expect(tokenStore.get()).toBeNull();
  });
  it('forgets what the user was shown, so the next person on a shared phone never sees it', async () => {
    vi.stubGlobal('caches', { keys: async () => [], delete: async () => true });
    let answer: Response = Response.json([{ id: 1, handoverCode: 'A-123456' }]);
    vi.stubGlobal('fetch', async () => answer);
    tokenStore.set('token-of-a');
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['/api/requests/my'] });
    await client.fetchQuery({ queryKey: ['remote', 'mf-ngo'], queryFn: () => 'module' });
    expect(client.getQueryData(['/api/requests/my'])).toEqual([{ id: 1, handoverCode: 'A-123456' }]);
    // The session ends without a sign-out (expired, revoked): the next call comes back 401.
    answer = new Response('{"message":"Session expired"}', { status: 401 });
    await client.fetchQuery({ queryKey: ['/api/notifications'] }).catch(() => undefined);
    expect(client.getQueryData(['/api/requests/my'])).toBeUndefined();
    // The loaded remotes hold no user data and stay.
    expect(client.getQueryData(['remote', 'mf-ngo'])).toBe('module');
  });
});
