import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Build-time compressed copies (`<file>.br`, `<file>.gz`, written by libs/webpack-config) served
 * in place of the file when the browser accepts them: no CPU per request, best ratio (Brotli 11).
 * Looked up on each request (two `stat`s), so a remote deployed while the server runs
 * (npm run deploy:remote) is served compressed at once; express-static-gzip indexes the folder
 * once at start and would miss it.
 */
const variants = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof variants)[number]['encoding'];

/** The encodings of ours the client accepts, best first: highest q, then br before gzip. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const weightOf = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  return variants
    .map((v) => v.encoding)
    .filter((name) => weightOf(name) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
}

/** Strips a compressed copy's suffix: the name the browser asked for. */
export function requestedName(file: string): string {
  return file.replace(/\.(br|gz)$/, '');
}

async function isFile(file: string) {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * The file to send for `file` and this request: the best compressed copy the client accepts,
 * else the file itself. `vary` is true when copies exist (caches must key on Accept-Encoding).
 */
export async function chooseVariant(
  file: string,
  acceptEncoding: string | undefined,
): Promise<{ file: string; encoding?: Encoding; vary: boolean }> {
  const present = await Promise.all(variants.map((v) => isFile(file + v.suffix)));
  const available = variants.filter((_, i) => present[i]);
  if (available.length === 0) return { file, vary: false };
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const variant = available.find((v) => v.encoding === encoding);
    if (variant) return { file: file + variant.suffix, encoding, vary: true };
  }
  return { file, vary: true };
}

/** Headers of a compressed answer: the encoding, the original's type (not .br/.gz's), Vary. */
export function setVariantHeaders(res: Response, requested: string, encoding: Encoding | undefined) {
  res.vary('Accept-Encoding');
  if (!encoding) return;
  res.setHeader('Content-Encoding', encoding);
  res.type(path.extname(requested));
}

/**
 * Put before `express.static(dir)`: when a compressed copy of the requested file exists and the
 * browser accepts it, rewrites the request to that copy and sets the headers, so express.static
 * still does ETag, HEAD, Range (over the encoded bytes, as HTTP defines) and caching.
 */
export function precompressedFiles(dir: string): RequestHandler {
  const root = path.resolve(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next(); // express.static answers the malformed path
    }
    const file = path.join(root, relative);
    // Hidden entries (a deploy's staging folder) are express.static's to refuse.
    const hidden = relative.split('/').some((segment) => segment.startsWith('.'));
    if (hidden || relative.includes('\0') || !file.startsWith(root + path.sep)) return next();
    chooseVariant(file, req.headers['accept-encoding']).then(({ encoding, vary }) => {
      if (vary) setVariantHeaders(res, file, encoding);
      if (encoding) {
        const query = req.url.indexOf('?');
        const suffix = variants.find((v) => v.encoding === encoding)!.suffix;
        req.url = query < 0 ? req.url + suffix : req.url.slice(0, query) + suffix + req.url.slice(query);
      }
      next();
    }, next);
  };
}
