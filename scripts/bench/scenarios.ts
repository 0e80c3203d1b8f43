// What the benchmark asks of the platform: sign-ins, a browse mix like many NGOs paging and
// searching at once, an owner's pages of listings, and the size of answers on the wire.
import { request } from 'undici';

/** Headers a browser sends with every API call (it always accepts compressed answers). */
export const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en' };

export async function signIn(
  gatewayUrl: string,
  email: string,
  password: string,
): Promise<{ token: string; userId: number }> {
  const res = await request(`${gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.body.json()) as { token?: string; user?: { id: number } };
  if (res.statusCode !== 200 || !body.token || !body.user) {
    throw new Error(`Signing in as ${email} failed: ${res.statusCode} ${JSON.stringify(body)}`);
  }
  return { token: body.token, userId: body.user.id };
}

/** A small deterministic random source, so every run asks the same questions. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const searchTerms = [
  'pan',
  'panadol',
  'aug',
  'insulin',
  'vitamin',
  'con',
  'tablets',
  'syrup',
  '500mg',
  'brufen',
  'بانادول',
  'سيتام',
  'أقراص',
  'شراب',
  'كونكور',
  'xyzzy',
];
const sorts = ['expiry', 'name', 'price', 'quantity'] as const;

/**
 * `count` browse paths (page of 20): 45% without search, the rest with a term (English, Arabic,
 * or one that finds nothing), each sort, a fifth in reverse order, mostly early pages but up
 * to page 50, some urgent-only or one source only.
 */
export function browseMix(count: number, seed = 12): string[] {
  const r = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  return Array.from({ length: count }, () => {
    const params = new URLSearchParams({ pageSize: '20' });
    if (r() >= 0.45) params.set('q', pick(searchTerms));
    params.set('sort', pick(sorts));
    if (r() < 0.2) params.set('order', params.get('sort') === 'quantity' ? 'asc' : 'desc');
    const band = r();
    const page =
      band < 0.6
        ? 1 + Math.floor(r() * 3)
        : band < 0.9
          ? 4 + Math.floor(r() * 17)
          : 21 + Math.floor(r() * 30);
    params.set('page', String(page));
    if (r() < 0.1) params.set('urgent', 'true');
    const source = r();
    if (source < 0.15) params.set('source', 'pharmacy');
    else if (source < 0.3) params.set('source', 'donor');
    return `/api/medicines?${params}`;
  });
}

export interface AnswerSize {
  what: string;
  status: number;
  /** JSON rows in the answer, when it is an array. */
  rows: number | null;
  totalHeader: string | null;
  kbJson: number;
  /** Bytes on the wire for a client accepting br/gzip, and the encoding the server chose. */
  kbTransferred: number;
  contentEncoding: string | null;
  vary: string | null;
  ms: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** One answer fetched as a browser would, measured raw and as it arrived. */
export async function answerSize(what: string, url: string, token: string): Promise<AnswerSize> {
  const t0 = performance.now();
  const res = await request(url, { headers: { ...browserHeaders, authorization: `Bearer ${token}` } });
  const wire = Buffer.from(await res.body.arrayBuffer());
  const ms = Math.round((performance.now() - t0) * 10) / 10;
  const plain = await request(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await plain.body.text();
  let rows: number | null = null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (Array.isArray(parsed)) rows = parsed.length;
  } catch {
    // not JSON
  }
  const header = (name: string) => {
    const value = res.headers[name];
    return value === undefined ? null : String(value);
  };
  return {
    what,
    status: res.statusCode,
    rows,
    totalHeader: header('x-total-count'),
    kbJson: kb(Buffer.byteLength(text)),
    kbTransferred: kb(wire.length),
    contentEncoding: header('content-encoding'),
    vary: header('vary'),
    ms,
  };
}
