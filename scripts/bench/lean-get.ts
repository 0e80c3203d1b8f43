// A GET whose answer is read to its last byte and reduced to its status, through undici's
// dispatcher with bare callbacks: no body stream, no promise per chunk. The load generator
// shares the 2 cores with the platform it measures ("client included"); undici's `request()`
// cost it ~0.5 ms of CPU per call in the open loop, most of it the Readable made for each body.
import type { Dispatcher } from 'undici';

export function leanGet(
  dispatcher: Dispatcher,
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let abortCall: ((err: Error) => void) | undefined;
    // Before undici hands over its abort (the call still waits for a connection), it is used
    // as soon as it comes.
    const onAbort = () => abortCall?.(signal.reason as Error);
    const settle = (err: Error | null) => {
      signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(status);
    };
    if (signal.aborted) return reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    dispatcher.dispatch(
      { origin: url.origin, path: url.pathname + url.search, method: 'GET', headers },
      {
        onConnect(abort) {
          abortCall = abort;
          if (signal.aborted) abort(signal.reason as Error);
        },
        onHeaders(statusCode) {
          status = statusCode;
          return true;
        },
        onData() {
          return true; // every byte is received and dropped, as a browser would receive it
        },
        onComplete() {
          settle(null);
        },
        onError(err) {
          settle(err);
        },
      },
    );
  });
}
