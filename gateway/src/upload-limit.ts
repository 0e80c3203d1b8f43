import { AppError, type SettingsReader } from '@medrelay/service-kit';
import type { RequestHandler } from 'express';

const megabyte = 1024 * 1024;
const imagePath = /^\/api\/medicines\/[^/]+\/image\/?$/;

/**
 * Refuses a body whose declared Content-Length is over the Max Upload Size setting (read from
 * what identity publishes, cached for a second) before anything is sent upstream. Streaming a
 * body the service will refuse only to be cut off half way is what turned 413s into 503s;
 * Node drains the unread body after the answer, so the client reads the 413.
 * Bodies without a Content-Length (chunked) still go through; the service refuses them itself
 * and the proxy passes its early answer on.
 */
export function uploadSizeLimit(settings: SettingsReader): RequestHandler {
  return async (req, _res, next) => {
    const declared = Number(req.headers['content-length']);
    if (!Number.isFinite(declared) || declared <= 0) return next();
    const maxMb = (await settings()).maxUploadSize;
    if (declared <= maxMb * megabyte) return next();
    const image = imagePath.test(req.originalUrl.split('?')[0]!);
    next(
      new AppError(413, 'PAYLOAD_TOO_LARGE', image ? 'imageTooLarge' : 'payloadTooLarge', {
        params: { max: maxMb },
        details: { maxMb },
      }),
    );
  };
}

/**
 * After an answer given before the whole body arrived (a 413 here, a 503 when no service could
 * take the call), reads and drops the rest of the body instead of closing on it: a connection
 * closed with unread data resets, and the client may lose the answer (ECONNRESET). A body still
 * being streamed to a service (piped, so it has a reader) is left alone.
 */
export function drainAfterEarlyAnswer(): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      if (!req.complete && req.listenerCount('data') === 0) req.resume();
    });
    next();
  };
}
