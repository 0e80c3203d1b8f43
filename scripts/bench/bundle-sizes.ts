// What a browser downloads: the shell's first load (the landing page) and each role's remote,
// measured in Chromium from the responses themselves (raw and gzip, as a server would send).
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { demoAccounts, demoPassword } from '@medrelay/svc-identity/provisioning';
import { userTypes } from '@medrelay/contracts';

export interface BundleSize {
  what: string;
  kbRaw: number;
  kbGzip: number;
}

function collectScripts(page: Page) {
  const files = new Map<string, Buffer>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') && !url.pathname.endsWith('.json')) return;
    if (url.pathname.startsWith('/api/')) return;
    files.set(url.pathname, await response.body().catch(() => Buffer.alloc(0)));
  });
  return files;
}

function size(what: string, files: Map<string, Buffer>, keep: (path: string) => boolean): BundleSize {
  let raw = 0;
  let gzip = 0;
  for (const [file, body] of files) {
    if (!keep(file)) continue;
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return { what, kbRaw: Math.round(raw / 1024), kbGzip: Math.round(gzip / 1024) };
}

export async function measureBundles(baseUrl: string, executablePath: string): Promise<BundleSize[]> {
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const results: BundleSize[] = [];
    const landing = await browser.newPage();
    const landingFiles = collectScripts(landing);
    await landing.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    results.push(size('shell first load (landing page)', landingFiles, () => true));
    for (const role of userTypes) {
      const account = demoAccounts.find((a) => a.userType === role && a.status === 'approved')!;
      const page = await browser.newPage();
      const files = collectScripts(page);
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(demoPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId(`remote-${role}`).getByRole('heading').first().waitFor();
      results.push(size(`${role} remote`, files, (file) => file.startsWith(`/mf/${role}/`)));
      await page.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
