// What a browser downloads: the shell's first load (the landing page) and each role's remote,
// measured in Chromium: bytes on the wire as Chromium received them (CDP encodedDataLength, with
// the Accept-Encoding Chromium sends itself), beside the decoded size and a gzip of it.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { demoAccounts, demoPassword } from '@medrelay/svc-identity/provisioning';
import { userTypes, type UserType } from '@medrelay/contracts';

export interface BundleSize {
  what: string;
  /** Scripts and JSON (manifests) fetched. */
  files: number;
  /** Decoded size: what the browser parses. */
  kbRaw: number;
  /** A gzip (level 6) of each file: for comparison with earlier measurements. */
  kbGzip: number;
  /** Bytes on the wire, headers included (Network.loadingFinished.encodedDataLength). */
  kbTransferred: number;
  /** Content-Encoding of the files, e.g. "br 11, identity 1". */
  encodings: string;
  /**
   * Largest Contentful Paint of the landing page, cold cache, at phone size (ms from
   * navigation): the median of `landingLoads` loads, each in a new browser context.
   */
  lcpMs?: number | null;
}

interface Download {
  body: Buffer;
  transferred: number;
  encoding: string;
}

/** Records every script and JSON file (not /api) the page fetches, with its bytes on the wire. */
async function collectScripts(page: Page) {
  const files = new Map<string, Download>();
  const pending: Promise<unknown>[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, { path: string; encoding: string }>();
  // Scripts and JSON asked for and not yet loaded (a signed-in screen keeps its event stream
  // open, so the page itself never goes quiet).
  const inFlight = new Set<string>();
  let lastChange = performance.now();
  const isCounted = (url: URL) => /\.(js|json)$/.test(url.pathname) && !url.pathname.startsWith('/api/');
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!isCounted(new URL(event.request.url))) return;
    inFlight.add(event.requestId);
    lastChange = performance.now();
  });
  for (const done of ['Network.loadingFinished', 'Network.loadingFailed'] as const)
    cdp.on(done, (event) => {
      if (inFlight.delete(event.requestId)) lastChange = performance.now();
    });
  cdp.on('Network.responseReceived', (event) => {
    const url = new URL(event.response.url);
    if (!isCounted(url)) return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    byId.set(event.requestId, { path: url.pathname, encoding: headers['content-encoding'] ?? 'identity' });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const seen = byId.get(event.requestId);
    if (!seen) return;
    pending.push(
      cdp
        .send('Network.getResponseBody', { requestId: event.requestId })
        .then(({ body, base64Encoded }) => Buffer.from(body, base64Encoded ? 'base64' : 'utf8'))
        .catch(() => Buffer.alloc(0))
        .then((body) =>
          files.set(seen.path, { body, transferred: event.encodedDataLength, encoding: seen.encoding }),
        ),
    );
  });
  /** Resolves once no script or JSON file has been asked for or arrived for `quietMs`. */
  const quiet = async (quietMs = 500) => {
    while (inFlight.size > 0 || performance.now() - lastChange < quietMs)
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return { files, quiet, settled: () => Promise.all(pending) };
}

function size(what: string, files: Map<string, Download>, keep: (path: string) => boolean): BundleSize {
  let raw = 0;
  let gzip = 0;
  let transferred = 0;
  let count = 0;
  const encodings = new Map<string, number>();
  for (const [file, download] of files) {
    if (!keep(file)) continue;
    count++;
    raw += download.body.length;
    gzip += gzipSync(download.body).length;
    transferred += download.transferred;
    encodings.set(download.encoding, (encodings.get(download.encoding) ?? 0) + 1);
  }
  const kb = (bytes: number) => Math.round(bytes / 1024);
  return {
    what,
    files: count,
    kbRaw: kb(raw),
    kbGzip: kb(gzip),
    kbTransferred: kb(transferred),
    encodings: [...encodings].map(([name, n]) => `${name} ${n}`).join(', '),
  };
}

/**
 * The page's Largest Contentful Paint so far (ms since navigation), or null when the browser
 * reported none. Entries stop once the user interacts; none has here, so the last one is final.
 */
async function largestContentfulPaint(page: Page): Promise<number | null> {
  // Run in the page (a string: this file is typed for Node, not the DOM). Buffered entries
  // arrive in a task of their own, so they are read after the next frame.
  return page.evaluate(`new Promise((resolve) => {
    let last = null;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = entry.startTime;
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    requestAnimationFrame(() => setTimeout(() => {
      observer.disconnect();
      resolve(last === null ? null : Math.round(last));
    }, 0));
  })`);
}

/**
 * Cold loads of the landing page for its LCP. One load on a shared machine varies by hundreds of
 * ms (the first navigation of a fresh browser pays for its own start-up too): the median of five.
 */
const landingLoads = 5;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Who signs in to open each role's area: the demo accounts unless given. */
export type RoleAccounts = Partial<Record<UserType, { email: string; password: string }>>;

export function demoAccount(role: UserType) {
  const account = demoAccounts.find((a) => a.userType === role && a.status === 'approved')!;
  return { email: account.email, password: demoPassword };
}

export async function measureBundles(
  baseUrl: string,
  executablePath: string,
  accounts: RoleAccounts = {},
): Promise<BundleSize[]> {
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const results: BundleSize[] = [];
    // Each load in a new context: nothing cached, as a first visit from a phone. Bytes from the
    // first load (every load fetches the same files).
    let landingSize: BundleSize | undefined;
    const paints: number[] = [];
    for (let load = 0; load < landingLoads; load++) {
      const landing = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const landingFiles = await collectScripts(landing);
      await landing.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
      // On a busy machine main.js may run longer than networkidle's 500 ms before it asks for
      // the rest: wait for the app itself (its role cards) before counting.
      await landing.getByTestId('role-card-ngo').waitFor();
      await landing.waitForLoadState('networkidle');
      await landingFiles.settled();
      landingSize ??= size('shell first load (landing page)', landingFiles.files, () => true);
      const lcp = await largestContentfulPaint(landing);
      if (lcp !== null) paints.push(lcp);
      await landing.close();
    }
    results.push({ ...landingSize!, lcpMs: median(paints) });
    for (const role of userTypes) {
      const account = accounts[role] ?? demoAccount(role);
      const page = await browser.newPage();
      const files = await collectScripts(page);
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId(`remote-${role}`).getByRole('heading').first().waitFor();
      await files.quiet();
      await files.settled();
      results.push(size(`${role} remote`, files.files, (file) => file.startsWith(`/mf/${role}/`)));
      await page.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
