// Lighthouse (mobile, its default simulated throttling) on the landing page, sign-in and each
// role's first screen, with Chrome's installability errors of each. One persistent Chromium
// profile: Lighthouse opens its own tab in it and keeps storage (`disableStorageReset`), so the
// token a sign-in left in localStorage opens the role's screen, and the profile is not incognito
// (a Playwright context is, which Chrome reports as an installability error of its own).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { userTypes } from '@medrelay/contracts';
import { demoAccount } from './bundle-sizes';

export interface LighthouseScores {
  what: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The metrics behind the performance score (simulated mobile): ms, and CLS unitless. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Chrome's `Page.getInstallabilityErrors` ids for the page, none when installable. */
  installabilityErrors: string[];
  /** The audits that cost points outside performance, for whoever fixes them. */
  failedAudits: string[];
}

const categories = ['performance', 'accessibility', 'best-practices'] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function installabilityErrors(
  context: BrowserContext,
  url: string,
  signedIn: boolean,
): Promise<string[]> {
  const page = await context.newPage();
  try {
    // A signed-in screen keeps its event stream open (never network-idle) and registers the
    // service worker after its first screen: Chrome's verdict is read once that worker is active.
    await page.goto(url, { waitUntil: 'load' });
    if (signedIn) await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return installabilityErrors.map((e) => e.errorId);
  } finally {
    await page.close();
  }
}

async function audit(
  port: number,
  context: BrowserContext,
  what: string,
  url: string,
  signedIn = false,
): Promise<LighthouseScores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories: scored, audits } = result.lhr;
  const score = (id: (typeof categories)[number]) => Math.round((scored[id]?.score ?? 0) * 100);
  const outsidePerformance = new Set(
    ['accessibility', 'best-practices'].flatMap((id) => scored[id]?.auditRefs.map((r) => r.id) ?? []),
  );
  return {
    what,
    path: new URL(url).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
    speedIndexMs: Math.round(audits['speed-index']?.numericValue ?? NaN),
    installabilityErrors: await installabilityErrors(context, url, signedIn),
    failedAudits: [...outsidePerformance].filter((id) => {
      const a = audits[id];
      return a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative';
    }),
  };
}

/** Scores `/`, `/login` and, signed in as each role's demo account, the screen it lands on. */
export async function lighthouseScores(baseUrl: string, executablePath: string): Promise<LighthouseScores[]> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'medrelay-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
  });
  try {
    const results = [
      await audit(port, context, 'landing page', `${baseUrl}/`),
      await audit(port, context, 'sign-in', `${baseUrl}/login`),
    ];
    for (const role of userTypes) {
      const account = demoAccount(role);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId(`remote-${role}`).getByRole('heading').first().waitFor();
      const firstScreen = page.url();
      await page.close();
      results.push(await audit(port, context, `${role} first screen`, firstScreen, true));
      // The next role signs in afresh: this origin's token, saved lists and worker go.
      const cdp = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(baseUrl).origin,
        storageTypes: 'local_storage,session_storage,service_workers,cache_storage',
      });
    }
    return results;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
