import type { ErrorBody, Language } from '@medrelay/contracts';
import { keptHeader, KeptForLaterError, reportAnswerSource } from './offline';

/** localStorage key of the bearer token (spec §9). */
export const tokenStorageKey = 'token';

export const tokenStore = {
  get: (): string | null => globalThis.localStorage?.getItem(tokenStorageKey) ?? null,
  set: (token: string) => globalThis.localStorage?.setItem(tokenStorageKey, token),
  clear: () => globalThis.localStorage?.removeItem(tokenStorageKey),
};

/**
 * A failed call. Its message is `<status>: <body or statusText>` (spec §8); `body` is the parsed
 * `{ message, code, details }` when the server sent one, so screens can show `body.message`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    text: string,
    readonly body: ErrorBody | null,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
  /** The server's own words, already in the caller's language, or null. */
  get serverMessage(): string | null {
    return this.body?.message ?? null;
  }
}

/**
 * The API answers in the page's language; the shell sets where to read it from. Each remote
 * bundles its own copy of this module, so by default the language is read from the page
 * (`<html lang>`, which the shell keeps in step with the chosen language).
 */
let languageOf: () => string = () => (globalThis.document?.documentElement.lang === 'ar' ? 'ar' : 'en');
export function setApiLanguage(read: () => string) {
  languageOf = read;
}
/** The language calls are made in: 'en' or 'ar'. */
export function apiLanguage(): Language {
  return languageOf() === 'ar' ? 'ar' : 'en';
}

function parseErrorBody(text: string): ErrorBody | null {
  try {
    const parsed = JSON.parse(text) as Partial<ErrorBody>;
    return typeof parsed?.message === 'string' ? (parsed as ErrorBody) : null;
  } catch {
    return null;
  }
}

/**
 * The fetch wrapper of spec §7: credentials included, bearer token when stored, JSON content
 * type and body only when a payload is given; a non-OK answer throws ApiError. FormData bodies
 * go as they are; a Blob (a photo) goes as the raw body with its own content type.
 */
async function send(method: string, url: string, data?: unknown, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': languageOf() };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (data instanceof FormData) body = data;
  else if (data instanceof Blob) {
    headers['Content-Type'] = data.type || 'application/octet-stream';
    body = data;
  } else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }
  // A POST may be kept by the service worker while offline and sent later, or resent after an
  // answer lost on a weak connection: the key lets the server make it once (docs/offline.md).
  if (method === 'POST' && typeof crypto !== 'undefined' && 'randomUUID' in crypto)
    headers['Idempotency-Key'] = crypto.randomUUID();
  const res = await fetch(url, { method, headers, body, credentials: 'include', signal });
  if (res.status === 202 && res.headers.has(keptHeader))
    throw new KeptForLaterError(res.headers.get(keptHeader)!);
  if (method === 'GET' && res.ok) reportAnswerSource(url, res);
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, text || res.statusText, parseErrorBody(text));
  }
  return res;
}

async function readBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  data?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  return readBody<T>(await send(method, url, data, signal));
}

/**
 * A page of a list and the size of the whole list (the `X-Total-Count` header); `estimated`
 * when that size is the server's estimate of a large list (`X-Total-Is-Estimate: true`).
 */
export interface Page<T> {
  items: T[];
  total: number;
  estimated?: boolean;
}

/** GET of a paged list: the body is the page, the header the total (the page's length when absent). */
export async function apiPage<T>(url: string, signal?: AbortSignal): Promise<Page<T>> {
  const res = await send('GET', url, undefined, signal);
  const items = await readBody<T[]>(res);
  const total = Number(res.headers.get('X-Total-Count'));
  return {
    items,
    total: Number.isFinite(total) && res.headers.has('X-Total-Count') ? total : items.length,
    estimated: res.headers.get('X-Total-Is-Estimate') === 'true',
  };
}

/** The path with the set values of `query` as its query string (null, undefined and '' left out). */
export function withQuery(path: string, query: unknown): string {
  if (!query || typeof query !== 'object') return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const encoded = search.toString();
  return encoded ? `${path}?${encoded}` : path;
}

/** Turns a query key `[path, params?]` into a URL: non-null params become the query string. */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  const [path, params] = queryKey;
  if (typeof path !== 'string') throw new Error('The first element of a query key must be the API path');
  return withQuery(path, params);
}

/** The call without reading the body, for downloads (the file name is in a header). */
export { send as apiSend };
