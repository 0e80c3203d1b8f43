import {
  liveEventKinds,
  liveSilenceMs,
  liveStreamHeader,
  type LiveEvent,
  type LiveEventKind,
} from '@medrelay/contracts';
import { gatewayEndpoints } from '@medrelay/contracts/endpoints';
import { createParser } from 'eventsource-parser';
import { apiLanguage, tokenStore } from './http';
import type { LiveStatus } from './live-status';

/*
 * The live event stream (GET /api/events) read with fetch, not EventSource, which cannot send the
 * bearer token (spec §7 keeps it in localStorage).
 */

/** Reconnection delays: doubling from `baseMs` up to `maxMs`, each drawn in its upper half (jitter). */
export const liveBackoff = { baseMs: 1000, maxMs: 30_000 };
/** A stream that stayed open this long was healthy: the next reconnection starts from `baseMs` again. */
export const healthyStreamMs = 30_000;

/**
 * No event and no heartbeat for this long (2.5 of the gateway's 20 s heartbeats; the gateway's
 * setting is bounded by it): the stream is dead though never closed (a host gone, a network cut
 * without a FIN), so it is opened again.
 */
export const silentStreamMs = liveSilenceMs;

/** The delay before reconnection attempt `attempt` (0 first): capped, doubling, never zero. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(liveBackoff.maxMs, liveBackoff.baseMs * 2 ** attempt);
  return cap / 2 + random() * (cap / 2);
}

/**
 * The wait before attempt `attempt` when the gateway said Retry-After (0: it did not): at least
 * that, plus up to as much again, so browsers told the same 5 s do not all come back at once.
 */
export function retryDelay(
  attempt: number,
  retryAfterMs: number,
  random: () => number = Math.random,
): number {
  const backoff = reconnectDelay(attempt, random);
  return retryAfterMs ? Math.max(backoff, retryAfterMs + random() * retryAfterMs) : backoff;
}

export interface LiveConnectionOptions {
  onEvent: (event: LiveEvent) => void;
  onStatus: (status: LiveStatus) => void;
  /** Each time the stream opens again after a drop: what happened meanwhile was missed. */
  onReconnect?: () => void;
  /**
   * The gateway refused the session (401: revoked, expired, the account rejected); the stream
   * stops for good after it.
   */
  onSessionEnded?: () => void;
  /** Call `onReconnect` at the first opening too (a tab taking the stream over from another). */
  catchUpAtFirst?: boolean;
  random?: () => number;
}

const isKind = (kind: unknown): kind is LiveEventKind => liveEventKinds.includes(kind as LiveEventKind);

/** Runs a screen's handler so that its failure is reported but never ends the stream. */
function guarded(handler: () => void): void {
  try {
    handler();
  } catch (err) {
    console.error('live event handler failed', err);
  }
}

/**
 * Keeps the caller's event stream open while signed in: reconnects after it ends or fails, with
 * capped exponential backoff and jitter (a restarted gateway is not met by every browser at
 * once), honouring Retry-After; at once when the browser is back online or the page back in view.
 * Stops for good on a 401 (the session is over) or when signed out.
 */
export function connectLiveEvents(options: LiveConnectionOptions): { close(): void } {
  let closed = false;
  let controller: AbortController | null = null;
  let wait: { timer: ReturnType<typeof setTimeout>; resolve: () => void } | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wait = { timer: setTimeout(resolve, ms), resolve };
    });
  /** Ends the wait before the next attempt: nothing is gained by waiting longer. */
  const tryNow = () => {
    if (!wait) return;
    clearTimeout(wait.timer);
    wait.resolve();
  };
  // The phone has a connection again (the wait may have grown to 30 s meanwhile), or the user
  // came back to the page: one user's own moment, so no herd of browsers reconnects at once.
  const onVisible = () => {
    if (document.visibilityState === 'visible') tryNow();
  };
  globalThis.addEventListener?.('online', tryNow);
  globalThis.document?.addEventListener('visibilitychange', onVisible);

  // This browser's name for its stream, the same across reconnections (see liveStreamHeader).
  const streamName = globalThis.crypto.randomUUID();

  async function run() {
    let attempt = 0;
    let opened = options.catchUpAtFirst ?? false;
    while (!closed) {
      const token = tokenStore.get();
      if (!token) break;
      guarded(() => options.onStatus('connecting'));
      controller = new AbortController();
      let retryAfterMs = 0;
      let openedAt = 0;
      try {
        const res = await fetch(gatewayEndpoints.liveEvents.path, {
          headers: {
            Accept: 'text/event-stream',
            'Accept-Language': apiLanguage(),
            Authorization: `Bearer ${token}`,
            [liveStreamHeader]: streamName,
          },
          credentials: 'include',
          cache: 'no-store',
          // A stream open for the whole visit is not what the screen waits for: at low priority
          // the browser loads the screen's scripts and first answers before it.
          priority: 'low',
          signal: controller.signal,
        });
        if (res.status === 401) {
          if (options.onSessionEnded) guarded(options.onSessionEnded);
          break;
        }
        if (!res.ok || !res.body) {
          retryAfterMs = Number(res.headers.get('Retry-After') ?? 0) * 1000 || 0;
          throw new Error(`live events: ${res.status}`);
        }
        openedAt = Date.now();
        guarded(() => options.onStatus('connected'));
        // A stream that failed before its first opening missed what happened meanwhile too.
        if ((opened || attempt > 0) && options.onReconnect) guarded(options.onReconnect);
        opened = true;
        const stream = controller;
        await read(res.body, options.onEvent, () => stream.abort());
      } catch {
        // Refused, unreachable or cut: tried again below.
      }
      if (closed) break;
      guarded(() => options.onStatus('down'));
      if (openedAt && Date.now() - openedAt >= healthyStreamMs) attempt = 0;
      await sleep(retryDelay(attempt, retryAfterMs, options.random));
      wait = null;
      attempt++;
    }
    guarded(() => options.onStatus('down'));
  }
  void run();

  return {
    close() {
      closed = true;
      controller?.abort();
      globalThis.removeEventListener?.('online', tryNow);
      globalThis.document?.removeEventListener('visibilitychange', onVisible);
      tryNow();
    },
  };
}

/**
 * Reads the stream to its end, passing on each event the contract knows (heartbeats are
 * comments); `onSilent` when nothing at all came for `silentStreamMs`.
 */
async function read(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: LiveEvent) => void,
  onSilent: () => void,
) {
  const parser = createParser({
    onEvent: ({ data }) => {
      let event: Partial<LiveEvent>;
      try {
        event = JSON.parse(data) as Partial<LiveEvent>;
      } catch {
        return; // Not JSON: not ours to act on.
      }
      const { kind, id } = event;
      if (isKind(kind)) guarded(() => onEvent({ kind, ...(id ? { id } : {}) }));
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // The read ends here (cancelled) whatever the fetch does with its abort.
  const giveUp = () => {
    reader.cancel().catch(() => undefined);
    onSilent();
  };
  let silence = setTimeout(giveUp, silentStreamMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      clearTimeout(silence);
      if (done) return;
      silence = setTimeout(giveUp, silentStreamMs);
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    clearTimeout(silence);
  }
}
