import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type Platform } from './support/platform';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The shell finds the remotes at run time (/mf/remotes.json): a copy of the built front ends
 * lets this test change one remote's files, or remove one, under a running shell.
 */
let deployed: string;
let platform: Platform;
beforeAll(async () => {
  deployed = mkdtempSync(path.join(tmpdir(), 'medrelay-front-ends-'));
  for (const app of ['shell', 'mf-pharmacy', 'mf-ngo', 'mf-donor', 'mf-admin']) {
    cpSync(path.join(root, app, 'dist'), path.join(deployed, app, 'dist'), { recursive: true });
  }
  platform = await startPlatform({ staticRoot: deployed });
}, 60_000);
afterAll(async () => {
  await platform?.stop();
  rmSync(deployed, { recursive: true, force: true });
});
afterEach(async () => expect(await platform.finishTest()).toEqual([]));

describe('remotes loaded at run time', { timeout: 60_000 }, () => {
  it('shows a redeployed remote without touching the shell', async () => {
    const user = await platform.approvedUser('pharmacy');
    const page = await platform.newPage();
    await platform.signIn(page, user.email);
    await page.getByTestId('remote-pharmacy').getByRole('heading', { name: 'Pharmacy Dashboard' }).waitFor();

    const shellBefore = readdirSync(path.join(deployed, 'shell', 'dist')).sort();
    // A new build of the pharmacy remote: the same files with a changed title.
    const dist = path.join(deployed, 'mf-pharmacy', 'dist');
    let changed = 0;
    for (const file of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(path.join(dist, file), 'utf8');
      if (text.includes('Pharmacy Dashboard')) {
        writeFileSync(path.join(dist, file), text.replaceAll('Pharmacy Dashboard', 'Pharmacy Dashboard v2'));
        changed++;
      }
    }
    expect(changed).toBeGreaterThan(0);

    // A real rebuild renames its hashed chunks; editing them in place does not, so a fresh
    // browser (no cached chunks) stands in for the user's next visit.
    const next = await platform.newPage();
    // The shell looks the remote up at run time.
    const lookedUp = next.waitForResponse((res) => res.url().endsWith('/mf/remotes.json'));
    await platform.signIn(next, user.email);
    expect((await lookedUp).status()).toBe(200);
    await next
      .getByTestId('remote-pharmacy')
      .getByRole('heading', { name: 'Pharmacy Dashboard v2' })
      .waitFor();
    expect(readdirSync(path.join(deployed, 'shell', 'dist')).sort()).toEqual(shellBefore);
  });

  it('shows a clear message where a missing remote would be, and the chrome keeps working', async () => {
    rmSync(path.join(deployed, 'mf-ngo', 'dist'), { recursive: true, force: true });
    const user = await platform.approvedUser('ngo');
    const page = await platform.newPage();
    await platform.signIn(page, user.email);
    await page.waitForURL('**/ngo/dashboard');
    await page.getByText('This area could not be loaded').waitFor();
    await page
      .getByText('The NGO screens are unavailable right now. The rest of MedRelay still works.')
      .waitFor();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByLabel('Organization Name').waitFor();
  });
});
