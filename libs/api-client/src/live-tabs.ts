import type { LiveEvent } from '@medrelay/contracts';
import type { LiveStatus } from './live-status';
import { connectLiveEvents, type LiveConnectionOptions } from './live-stream';

/** What the tab holding the stream tells the others, and what a newcomer asks. */
type TabMessage =
  | { type: 'event'; event: LiveEvent }
  | { type: 'status'; status: LiveStatus }
  | { type: 'reconnect' }
  | { type: 'hello' };

const lockName = 'medrelay-live-events';
const channelName = 'medrelay-live-events';

/**
 * One stream per browser, not per tab. Over HTTP/1.1 a browser opens at most 6 connections to
 * the gateway, and a stream holds one for as long as its page is open: six tabs would leave none
 * for API calls. The tabs elect one (a Web Lock, passed on when that tab closes) that holds the
 * stream and passes its events and status to the others (BroadcastChannel); each tab refreshes
 * its own cache. Where the browser has neither (Web Locks need a secure context: https, or
 * localhost), each tab keeps its own stream.
 */
export function shareLiveEvents(options: LiveConnectionOptions): { close(): void } {
  const locks = globalThis.navigator?.locks;
  if (!locks || typeof BroadcastChannel === 'undefined') return connectLiveEvents(options);

  const channel = new BroadcastChannel(channelName);
  const quit = new AbortController();
  let closed = false;
  let leading: { close(): void; status: LiveStatus } | null = null;
  let release: (() => void) | null = null;
  // Whether another tab held the stream before this one: its last moments may have been missed.
  let followed = false;
  const tell = (message: TabMessage) => {
    if (!closed) channel.postMessage(message);
  };

  channel.onmessage = ({ data }: MessageEvent<TabMessage>) => {
    if (leading) {
      if (data.type === 'hello') tell({ type: 'status', status: leading.status });
      return;
    }
    if (data.type === 'event') options.onEvent(data.event);
    else if (data.type === 'reconnect') options.onReconnect?.();
    else if (data.type === 'status') {
      followed = true;
      options.onStatus(data.status);
    }
  };
  options.onStatus('connecting');
  tell({ type: 'hello' });

  locks
    .request(lockName, { signal: quit.signal }, () => {
      if (closed) return;
      const lead: { status: LiveStatus; close: () => void } = {
        status: 'connecting',
        close: () => undefined,
      };
      leading = lead;
      const connection = connectLiveEvents({
        ...options,
        catchUpAtFirst: followed,
        onEvent: (event) => {
          options.onEvent(event);
          tell({ type: 'event', event });
        },
        onStatus: (status) => {
          lead.status = status;
          options.onStatus(status);
          tell({ type: 'status', status });
        },
        onReconnect: () => {
          options.onReconnect?.();
          tell({ type: 'reconnect' });
        },
      });
      lead.close = () => connection.close();
      // Held until this tab stops: then the next tab in line takes the stream.
      return new Promise<void>((resolve) => (release = resolve));
    })
    .catch(() => undefined); // Given up while waiting in line (the tab stopped first).

  return {
    close() {
      leading?.close();
      closed = true;
      quit.abort();
      release?.();
      channel.close();
    },
  };
}
