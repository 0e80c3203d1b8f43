import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDeployedFrontEnds } from './support/deployed';
import { waitForWorker } from './support/offline';

/**
 * A shell deploy under an open tab: the new service worker takes over at once, and the tab still
 * running the build before it keeps loading that build's chunks, which the deploy removed from
 * the server (docs/offline.md, "How updates roll out"). The front ends are served from a copy,
 * which the test changes as a deploy would.
 */
const deployedFrontEnds = useDeployedFrontEnds();

/** A content-hashed chunk of the shell, with its compressed copies. */
const hashedChunk = /^\d+\.[0-9a-f]{12}\.js(\.br|\.gz|\.map)?$/;

describe("a shell deploy under an open tab (MedRelay's service worker)", { timeout: 90_000 }, () => {
  it('the new worker takes over and the open tab still loads the chunks of its own build', async () => {
    const user = await deployedFrontEnds().platform.approvedUser('pharmacy');
    const page = await deployedFrontEnds().platform.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('token', token), user.token);
    await page.goto('/pharmacy/dashboard');
    await page.getByTestId('remote-pharmacy').waitFor();
    await waitForWorker(page);

    // The deploy: a new /sw.js whose build lists none of the old hashed chunks, which are gone
    // from the server (a real build names its chunks anew).
    const dist = path.join(deployedFrontEnds().dir, 'shell', 'dist');
    const worker = readFileSync(path.join(dist, 'sw.js'), 'utf8');
    const unlisted = worker.replace(/\{'revision':null,'url':'\/\d+\.[0-9a-f]{12}\.js'\},?/g, '');
    expect(unlisted).not.toBe(worker);
    writeFileSync(path.join(dist, 'sw.js'), unlisted);
    for (const file of readdirSync(dist))
      if (hashedChunk.test(file) || /^sw\.js\.(br|gz)$/.test(file)) rmSync(path.join(dist, file));

    // The browser finds the new worker (as on a navigation) and it takes over the open tab.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const before = navigator.serviceWorker.controller;
      await registration!.update();
      await new Promise<void>((resolve) => {
        if (navigator.serviceWorker.controller !== before) resolve();
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      });
    });

    // A screen of the old build the tab has not opened yet: its chunk is no longer on the server,
    // nor (evicted, as a phone short of space does) in the browser's HTTP cache.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.evaluate(() => {
      history.pushState({}, '', '/no-such-screen');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  });
});
