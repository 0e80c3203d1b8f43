// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@medrelay/contracts';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { routeKey } from './call';
import { catalogKeys } from './catalog';
import { tokenStore } from './http';
import { useLiveUpdates } from './live';
import {
  connectLiveEvents,
  healthyStreamMs,
  reconnectDelay,
  retryDelay,
  silentStreamMs,
} from './live-stream';
import { liveStatusKey } from './live-status';
import { needKeys } from './needs';
import { notificationKeys, unreadRefreshMs, useUnreadNotifications } from './notifications';
import { pickupKeys } from './pickup';
import { createQueryClient } from './query-client';
import { requestKeys } from './requests';
import { meKey } from './session';

/** One answer of GET /api/events whose bytes the test writes, and ends, when it likes. */
function openStream() {
  let control!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (control = c) });
  const encoder = new TextEncoder();
  return {
    response: { ok: true, status: 200, headers: new Headers(), body } as unknown as Response,
    send: (text: string) => control.enqueue(encoder.encode(text)),
    end: () => control.close(),
  };
}
type Stream = ReturnType<typeof openStream>;
const refused = (status: number, headers: Record<string, string> = {}) =>
  ({ ok: false, status, headers: new Headers(headers), body: null }) as unknown as Response;

/** What GET /api/events answers next: a stream the test drives, or a refusal. */
let answers: Array<Stream | Response>;
let streamCalls: RequestInit[];
let otherCalls: string[];
beforeEach(() => {
  vi.useFakeTimers();
  // The lower end of every jittered delay, so the test knows when each attempt is due.
  vi.spyOn(Math, 'random').mockReturnValue(0);
  tokenStore.set('the-token');
  answers = [];
  streamCalls = [];
  otherCalls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url !== '/api/events') {
      otherCalls.push(url);
      return new Response(JSON.stringify([]), {
        headers: { 'Content-Type': 'application/json', 'X-Unread-Count': '0' },
      });
    }
    streamCalls.push(init ?? {});
    const next = answers.shift();
    if (!next) return new Promise<Response>(() => undefined);
    return 'response' in next ? next.response : next;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  tokenStore.clear();
});

/** Every key an event could touch, cached as if screens had read them (no screen watches them). */
const seeded = {
  requestsPage: requestKeys.page({ direction: 'outgoing' }),
  oneRequest: requestKeys.one(5),
  summary: requestKeys.summary,
  plan: pickupKeys.plan(5),
  otherPlan: pickupKeys.plan(6),
  unread: notificationKeys.count,
  inbox: notificationKeys.pages,
  expiring: catalogKeys.expiring,
  needs: needKeys.page({}),
  matches: needKeys.matchPage({ needId: 3 }),
};
type Seeded = keyof typeof seeded;
function seed(client: QueryClient) {
  for (const key of Object.values(seeded)) client.setQueryData(key, { seeded: true });
}
const stale = (client: QueryClient) =>
  (Object.keys(seeded) as Seeded[])
    .filter((name) => client.getQueryState(seeded[name])?.isInvalidated)
    .sort();
const freshen = (client: QueryClient) => seed(client);

function mount(extra?: () => unknown, client = createQueryClient()) {
  seed(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    ({ on }: { on: boolean }) => {
      useLiveUpdates(on);
      return extra?.();
    },
    { wrapper, initialProps: { on: true } },
  );
  return { client, hook };
}

/** Lets fetch answers, stream reads and React updates settle (no time passes). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('useLiveUpdates', () => {
  it('opens one stream with the bearer token and the page language, at low priority', async () => {
    answers.push(openStream());
    const { client } = mount();
    await settle();
    expect(streamCalls).toHaveLength(1);
    expect(streamCalls[0]!.headers).toMatchObject({
      Authorization: 'Bearer the-token',
      'Accept-Language': 'en',
    });
    // Behind the screen's own loads (e2e/live-screens checks Chromium's ranking of it).
    expect(streamCalls[0]!.priority).toBe('low');
    expect(client.getQueryData(liveStatusKey)).toBe('connected');
  });

  it.each([
    [
      'request',
      { kind: 'request', id: 5 },
      // The wanted list and its matches show the caller's requests.
      ['expiring', 'matches', 'needs', 'oneRequest', 'plan', 'requestsPage', 'summary'] as Seeded[],
    ],
    ['pickup', { kind: 'pickup', id: 5 }, ['oneRequest', 'plan', 'requestsPage'] as Seeded[]],
    ['notification', { kind: 'notification' }, ['expiring', 'inbox', 'unread'] as Seeded[]],
    ['matches', { kind: 'matches', id: 3 }, ['matches', 'needs'] as Seeded[]],
    ['needs', { kind: 'needs', id: 3 }, ['matches', 'needs'] as Seeded[]],
  ])('a %s event makes exactly its screens stale', async (_name, event, expected) => {
    const stream = openStream();
    answers.push(stream);
    const { client } = mount();
    await settle();
    // Heartbeats are comments: nothing to refresh.
    stream.send(': heartbeat\n\n');
    await settle();
    expect(stale(client)).toEqual([]);
    stream.send(`data: ${JSON.stringify(event)}\n\n`);
    await settle();
    expect(stale(client)).toEqual([...expected].sort());
  });

  it('reconnects with growing, capped delays after the stream ends or is refused, and catches up', async () => {
    const first = openStream();
    const second = openStream();
    answers.push(first, refused(503), refused(502), second);
    const { client } = mount();
    await settle();
    expect(streamCalls).toHaveLength(1);

    // A gateway restart: the stream ends. Nobody reconnects at once.
    first.end();
    await settle();
    expect(client.getQueryData(liveStatusKey)).toBe('down');
    await act(() => vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 0) - 1));
    expect(streamCalls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(streamCalls).toHaveLength(2); // refused (503)
    await act(() => vi.advanceTimersByTimeAsync(reconnectDelay(1, () => 0) - 1));
    expect(streamCalls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(streamCalls).toHaveLength(3); // refused (502)
    expect(reconnectDelay(2, () => 0)).toBeGreaterThan(reconnectDelay(1, () => 0));
    await act(() => vi.advanceTimersByTimeAsync(reconnectDelay(2, () => 0)));
    expect(streamCalls).toHaveLength(4);
    expect(client.getQueryData(liveStatusKey)).toBe('connected');
    // One name for this browser's stream across its reconnections: the gateway replaces a lingering one.
    const names = streamCalls.map((c) => (c.headers as Record<string, string>)['x-live-stream']);
    expect(names[0]).toMatch(/^[\w-]{8,64}$/);
    expect(new Set(names).size).toBe(1);
    // Whatever happened while it was down may have been missed: everything is asked again.
    expect(stale(client)).toEqual(Object.keys(seeded).sort());
    second.send('data: {"kind":"notification"}\n\n');
    freshen(client);
    await settle();
    expect(stale(client)).toEqual(['expiring', 'inbox', 'unread']);
  });

  it('never waits more than the cap, honours Retry-After, and starts over after a healthy stream', async () => {
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
    const healthy = openStream();
    answers.push(refused(503, { 'Retry-After': '5' }), healthy, openStream());
    mount();
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(streamCalls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(streamCalls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(healthyStreamMs));
    healthy.end();
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 0)));
    expect(streamCalls).toHaveLength(3);
  });

  it('tries again at once when the browser is back online or the page back in view, not while hidden', async () => {
    const first = openStream();
    answers.push(first, refused(502), refused(502), openStream());
    const { client } = mount();
    await settle();
    first.end();
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 0)));
    expect(streamCalls).toHaveLength(2); // refused: the next try is a second away

    // The signal comes back: no waiting out the delay.
    await act(() => void window.dispatchEvent(new Event('online')));
    await settle();
    expect(streamCalls).toHaveLength(3); // refused again: the wait grows to 2 s

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(streamCalls).toHaveLength(3); // put away: the delay stands
    visibility.mockReturnValue('visible');
    await act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(streamCalls).toHaveLength(4);
    expect(client.getQueryData(liveStatusKey)).toBe('connected');
    // One name for this browser's stream across its reconnections: the gateway replaces a lingering one.
    const names = streamCalls.map((c) => (c.headers as Record<string, string>)['x-live-stream']);
    expect(names[0]).toMatch(/^[\w-]{8,64}$/);
    expect(new Set(names).size).toBe(1);
  });

  it('catches up when the first attempt was refused: events may have been missed before it opened', async () => {
    answers.push(refused(503), openStream());
    const { client } = mount();
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 0)));
    expect(streamCalls).toHaveLength(2);
    expect(client.getQueryData(liveStatusKey)).toBe('connected');
    expect(stale(client)).toEqual(Object.keys(seeded).sort());
  });

  it('spreads the browsers told the same Retry-After over as much again', () => {
    expect(retryDelay(0, 5000, () => 0)).toBe(5000);
    expect(retryDelay(0, 5000, () => 1)).toBe(10_000);
    expect(retryDelay(0, 5000, () => 0.5)).toBe(7500);
    // Without Retry-After, the backoff alone.
    expect(retryDelay(3, 0, () => 0)).toBe(reconnectDelay(3, () => 0));
  });

  it('replaces a stream that went silent (no event, no heartbeat) and catches up', async () => {
    const silent = openStream();
    answers.push(silent, openStream());
    const { client } = mount();
    await settle();
    // A heartbeat keeps it: the silence is counted from the last thing heard.
    await act(() => vi.advanceTimersByTimeAsync(silentStreamMs - 1000));
    silent.send(': heartbeat\n\n');
    await act(() => vi.advanceTimersByTimeAsync(silentStreamMs - 1000));
    expect(streamCalls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(client.getQueryData(liveStatusKey)).toBe('down');
    await act(() => vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 0)));
    expect(streamCalls).toHaveLength(2);
    expect(stale(client)).toEqual(Object.keys(seeded).sort());
  });

  it("refreshes the owner's stock and browse lists on a recall (a listing quarantined or offered again)", async () => {
    const stream = openStream();
    answers.push(stream);
    const { client } = mount();
    const mine = catalogKeys.minePage({ page: 1 });
    const browse = catalogKeys.browse({ page: 1 });
    client.setQueryData(mine, { seeded: true });
    client.setQueryData(browse, { seeded: true });
    await settle();
    stream.send('data: {"kind":"recall","id":7}\n\n');
    await settle();
    expect(client.getQueryState(mine)?.isInvalidated).toBe(true);
    expect(client.getQueryState(browse)?.isInvalidated).toBe(true);
  });

  it("refreshes the session and browse on an account event (its pharmacist's licence decided), the review lists on a users event", async () => {
    const stream = openStream();
    answers.push(stream);
    const { client } = mount();
    const browse = catalogKeys.browse({ page: 1 });
    const pending = [routeKey(identityEndpoints.pendingPharmacistLicenses)[0], { page: 1, pageSize: 20 }];
    for (const key of [meKey, browse, pending]) client.setQueryData(key, { seeded: true });
    await settle();
    stream.send('data: {"kind":"account"}\n\n');
    await settle();
    expect(client.getQueryState(meKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(browse)?.isInvalidated).toBe(true);
    expect(client.getQueryState(pending)?.isInvalidated).toBe(false);
    stream.send('data: {"kind":"users"}\n\n');
    await settle();
    expect(client.getQueryState(pending)?.isInvalidated).toBe(true);
  });

  it('keeps reading when a screen fails on an event: reported, and the next event still lands', async () => {
    const stream = openStream();
    answers.push(stream);
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: LiveEvent[] = [];
    const connection = connectLiveEvents({
      onEvent: (event) => {
        seen.push(event);
        if (seen.length === 1) throw new Error('a broken screen');
      },
      onStatus: () => undefined,
    });
    await settle();
    stream.send('data: {"kind":"needs","id":1}\n\ndata: {"kind":"needs","id":2}\n\n');
    await settle();
    expect(seen).toEqual([
      { kind: 'needs', id: 1 },
      { kind: 'needs', id: 2 },
    ]);
    expect(reported).toHaveBeenCalledTimes(1);
    expect(streamCalls).toHaveLength(1);
    connection.close();
  });

  it('stops on a 401 (the session is over) and on sign-out', async () => {
    answers.push(refused(401));
    mount();
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(streamCalls).toHaveLength(1);

    const stream = openStream();
    answers.push(stream, openStream());
    const { hook, client } = mount();
    await settle();
    expect(streamCalls).toHaveLength(2);
    tokenStore.clear();
    hook.rerender({ on: false });
    await settle();
    expect((streamCalls[1]!.signal as AbortSignal).aborted).toBe(true);
    expect(client.getQueryData(liveStatusKey)).toBe('down');
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(streamCalls).toHaveLength(2);
  });

  it('lets the unread badge rest while connected, and polls again while the stream is down', async () => {
    const stream = openStream();
    answers.push(stream);
    mount(() => useUnreadNotifications());
    await settle();
    const badgeCalls = () => otherCalls.filter((url) => url.startsWith('/api/notifications')).length;
    const before = badgeCalls();
    // Connected: the gateway's heartbeat comes every 20 s.
    for (let passed = 0; passed < 3 * unreadRefreshMs; passed += 20_000) {
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      stream.send(': heartbeat\n\n');
    }
    expect(badgeCalls()).toBe(before);

    stream.end();
    await act(() => vi.advanceTimersByTimeAsync(unreadRefreshMs));
    expect(badgeCalls()).toBe(before + 1);
  });
});

/** The Web Locks API as far as tabs use it: one holder at a time, the others in line (or giving up). */
class FakeLocks {
  private held = false;
  private readonly line: Array<() => void> = [];
  request(_name: string, options: { signal?: AbortSignal }, callback: () => unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held = true;
        void Promise.resolve(callback())
          .then(resolve, reject)
          .finally(() => {
            this.held = false;
            this.line.shift()?.();
          });
      };
      if (!this.held) return grant();
      this.line.push(grant);
      options.signal?.addEventListener('abort', () => {
        const at = this.line.indexOf(grant);
        if (at >= 0) this.line.splice(at, 1);
        reject(new DOMException('Aborted', 'AbortError'));
      });
    });
  }
}

/** BroadcastChannel between the tabs of one test: to every other open channel of the name. */
class FakeChannel {
  static open = new Set<FakeChannel>();
  onmessage: ((message: { data: unknown }) => void) | null = null;
  constructor(readonly name: string) {
    FakeChannel.open.add(this);
  }
  postMessage(data: unknown) {
    for (const other of FakeChannel.open)
      if (other !== this && other.name === this.name) queueMicrotask(() => other.onmessage?.({ data }));
  }
  close() {
    FakeChannel.open.delete(this);
  }
}

describe('useLiveUpdates in several tabs', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'locks', 'get').mockReturnValue(new FakeLocks() as unknown as LockManager);
    vi.stubGlobal('BroadcastChannel', FakeChannel);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeChannel.open.clear();
  });

  it('share one stream; each tab refreshes its own screens; the next tab takes over when it closes', async () => {
    const first = openStream();
    const second = openStream();
    answers.push(first, second);
    const tabA = mount();
    const tabB = mount();
    await settle();
    // One connection for the browser, however many tabs.
    expect(streamCalls).toHaveLength(1);
    expect(tabA.client.getQueryData(liveStatusKey)).toBe('connected');
    expect(tabB.client.getQueryData(liveStatusKey)).toBe('connected');

    first.send('data: {"kind":"matches","id":3}\n\n');
    await settle();
    expect(stale(tabA.client)).toEqual(['matches', 'needs']);
    expect(stale(tabB.client)).toEqual(['matches', 'needs']);

    // The tab holding the stream closes: the other opens its own and catches up on what it missed.
    freshen(tabB.client);
    tabA.hook.unmount();
    await settle();
    expect(streamCalls).toHaveLength(2);
    expect((streamCalls[0]!.signal as AbortSignal).aborted).toBe(true);
    expect(tabB.client.getQueryData(liveStatusKey)).toBe('connected');
    expect(stale(tabB.client)).toEqual(Object.keys(seeded).sort());
    freshen(tabB.client);
    second.send('data: {"kind":"notification"}\n\n');
    await settle();
    expect(stale(tabB.client)).toEqual(['expiring', 'inbox', 'unread']);
  });
});
