import { constants } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';

/** Answers smaller than this go as they are: a few hundred bytes gain nothing worth the CPU. */
export const compressionThresholdBytes = 1024;

/**
 * Brotli quality for answers made per request: on a browse page 4 was ~10% smaller than gzip
 * level 6 and no slower (docs/performance.md, "Compressed downloads"); 11 is for build time only.
 */
export const dynamicBrotliQuality = 4;

/**
 * Compresses answers of 1 KB or more when the client accepts it (br preferred, then gzip),
 * adding `Vary: Accept-Encoding`. Answers that are already encoded (a proxied service's) pass
 * untouched; streams (res.write) stay streams, emitted as the compressor fills and on
 * `res.flush()`. Server-sent events are left alone, and so are images (not compressible).
 */
export function compressAnswers(): RequestHandler {
  return compression({
    threshold: compressionThresholdBytes,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: dynamicBrotliQuality } },
    filter: (req, res) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  }) as RequestHandler;
}
