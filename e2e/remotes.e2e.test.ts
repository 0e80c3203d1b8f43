import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDeployedFrontEnds } from './support/deployed';
import { waitForWorker } from './support/offline';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The shell finds the remotes at run time (/mf/remotes.json): a copy of the built front ends
 * lets this test change one remote's files, or remove one, under a running shell.
 */
/** Runs a command to its end, with its output. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output })); // 'close': all output read
  });
}

const deployedFrontEnds = useDeployedFrontEnds();

describe('remotes loaded at run time', { timeout: 60_000 }, () => {
  // A whole remote build inside the test: Brotli at quality 11 of the scanner's 1 MB WebAssembly
  // alone takes 7-10 s on a loaded machine (worth it: 357 KB to a phone instead of 406 KB).
  it('deploys one remote alone (npm run deploy:remote) and the running shell shows it', async () => {
    const user = await deployedFrontEnds().platform.approvedUser('pharmacy');
    const page = await deployedFrontEnds().platform.newPage();
    await deployedFrontEnds().platform.signIn(page, user.email);
    await page.getByTestId('remote-pharmacy').getByRole('heading', { name: 'Pharmacy Dashboard' }).waitFor();
    // MedRelay's service worker controls the page, with the remote's files in its caches: the
    // redeployed remote must still come through it (docs/offline.md).
    await waitForWorker(page);

    const shellBefore = readdirSync(path.join(deployedFrontEnds().dir, 'shell', 'dist')).sort();
    // A role team's changed checkout of the pharmacy remote (a copy: the repository's own
    // sources stay as they are while other tests run).
    const checkout = path.join(root, 'var', `remote-checkout-${process.pid}`, 'mf-pharmacy');
    cpSync(path.join(root, 'mf-pharmacy'), checkout, {
      recursive: true,
      filter: (source) => !/[\\/](dist|node_modules)$/.test(source),
    });
    const texts = path.join(checkout, 'src', 'texts.ts');
    writeFileSync(
      texts,
      readFileSync(texts, 'utf8').replace("'Pharmacy Dashboard'", "'Pharmacy Dashboard v2'"),
    );
    try {
      // Asynchronously: the platform under test runs in this process and must keep answering.
      const deploy = await run(
        process.execPath,
        [path.join(root, 'scripts', 'start.mjs'), '--deploy-remote', 'pharmacy'],
        {
          ...process.env,
          MF_DEPLOY_DIR: path.join(deployedFrontEnds().dir, 'dist', 'mf'),
          REMOTE_SOURCE_DIR: checkout,
        },
      );
      expect(deploy.code, deploy.output).toBe(0);
      expect(deploy.output).toMatch(/pharmacy remote: version \d{14}-[0-9a-f]{8} is live/);
    } finally {
      rmSync(path.dirname(checkout), { recursive: true, force: true });
    }

    // The shell looks the remote up at run time: the same page, reloaded, shows the new version.
    const lookedUp = page.waitForResponse((res) => res.url().endsWith('/mf/remotes.json'));
    await page.reload();
    const remotes = (await (await lookedUp).json()) as { role: string; entry: string }[];
    expect(remotes.find((r) => r.role === 'pharmacy')?.entry).toMatch(
      /^\/mf\/pharmacy\/\d{14}-[0-9a-f]{8}\/mf-manifest\.json$/,
    );
    expect(remotes.find((r) => r.role === 'ngo')?.entry).toBe('/mf/ngo/mf-manifest.json');
    await page
      .getByTestId('remote-pharmacy')
      .getByRole('heading', { name: 'Pharmacy Dashboard v2' })
      .waitFor();
    expect(readdirSync(path.join(deployedFrontEnds().dir, 'shell', 'dist')).sort()).toEqual(shellBefore);
  }, 120_000);

  it('shows a clear message where a broken deploy would be (its files are gone)', async () => {
    const deployDir = path.join(deployedFrontEnds().dir, 'dist', 'mf');
    mkdirSync(deployDir, { recursive: true });
    writeFileSync(
      path.join(deployDir, 'remotes.json'),
      JSON.stringify([
        { name: 'mf_donor', role: 'donor', entry: '/mf/donor/20990101000000-deadbeef/mf-manifest.json' },
      ]),
    );
    deployedFrontEnds().platform.expectFailedCall(404);
    const user = await deployedFrontEnds().platform.approvedUser('donor');
    const page = await deployedFrontEnds().platform.newPage();
    await deployedFrontEnds().platform.signIn(page, user.email);
    await page.waitForURL('**/donor/dashboard');
    await page.getByText('This area could not be loaded').waitFor();
  });

  it('shows a clear message where a missing remote would be, and the chrome keeps working', async () => {
    rmSync(path.join(deployedFrontEnds().dir, 'mf-ngo', 'dist'), { recursive: true, force: true });
    const user = await deployedFrontEnds().platform.approvedUser('ngo');
    const page = await deployedFrontEnds().platform.newPage();
    await deployedFrontEnds().platform.signIn(page, user.email);
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
