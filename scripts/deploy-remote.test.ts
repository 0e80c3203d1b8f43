import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { activate, prune, staleLockMs } from './deploy-remote';

const execFileAsync = promisify(execFile);

function deployedVersion(deployDir: string, role: string, version: string) {
  mkdirSync(path.join(deployDir, role, version), { recursive: true });
  writeFileSync(path.join(deployDir, role, version, 'mf-manifest.json'), '{}');
}
const remotesOf = (deployDir: string) =>
  JSON.parse(readFileSync(path.join(deployDir, 'remotes.json'), 'utf8'));

describe('npm run deploy:remote', () => {
  it("switches one role's entry in remotes.json and leaves the others, with no temporary file left", async () => {
    const deployDir = mkdtempSync(path.join(tmpdir(), 'medrelay-deploys-'));
    deployedVersion(deployDir, 'ngo', '20260101000000-aaaaaaaa');
    deployedVersion(deployDir, 'pharmacy', '20260102000000-bbbbbbbb');
    deployedVersion(deployDir, 'pharmacy', '20260103000000-cccccccc');
    await activate(deployDir, 'ngo', '20260101000000-aaaaaaaa');
    await activate(deployDir, 'pharmacy', '20260102000000-bbbbbbbb');
    await activate(deployDir, 'pharmacy', '20260103000000-cccccccc');
    expect(remotesOf(deployDir)).toEqual([
      { name: 'mf_ngo', role: 'ngo', entry: '/mf/ngo/20260101000000-aaaaaaaa/mf-manifest.json' },
      {
        name: 'mf_pharmacy',
        role: 'pharmacy',
        entry: '/mf/pharmacy/20260103000000-cccccccc/mf-manifest.json',
      },
    ]);
    expect(readdirSync(deployDir).sort()).toEqual(['ngo', 'pharmacy', 'remotes.json']);
  });

  it('refuses a version that is not deployed or not a version at all, and changes nothing', async () => {
    const deployDir = mkdtempSync(path.join(tmpdir(), 'medrelay-deploys-'));
    deployedVersion(deployDir, 'donor', '20260101000000-aaaaaaaa');
    // A folder that exists but is no version (a path escape, a staging folder) is refused too.
    deployedVersion(deployDir, 'donor', '.staging-1');
    await activate(deployDir, 'donor', '20260101000000-aaaaaaaa');
    await expect(activate(deployDir, 'donor', '20990101000000-ffffffff')).rejects.toThrow(
      /No deployed version/,
    );
    for (const bad of ['.staging-1', '../donor/20260101000000-aaaaaaaa', '', 'latest']) {
      await expect(activate(deployDir, 'donor', bad)).rejects.toThrow(/is not a version/);
    }
    expect(remotesOf(deployDir)).toHaveLength(1);
    expect(remotesOf(deployDir)[0].entry).toContain('20260101000000-aaaaaaaa');
  });

  it('waits for another deploy holding the lock, and takes over a stale lock', async () => {
    const deployDir = mkdtempSync(path.join(tmpdir(), 'medrelay-deploys-'));
    deployedVersion(deployDir, 'ngo', '20260101000000-aaaaaaaa');
    const lock = path.join(deployDir, 'remotes.json.lock');
    writeFileSync(lock, 'another deploy');
    let done = false;
    const activating = activate(deployDir, 'ngo', '20260101000000-aaaaaaaa').then(() => (done = true));
    await setTimeout(300);
    expect(done).toBe(false);
    expect(existsSync(path.join(deployDir, 'remotes.json'))).toBe(false);
    rmSync(lock);
    await activating;
    expect(remotesOf(deployDir)).toHaveLength(1);
    expect(existsSync(lock)).toBe(false);

    // A crashed deploy's lock (older than the stale limit) does not block for ever.
    writeFileSync(lock, 'crashed deploy');
    const old = new Date(Date.now() - staleLockMs - 1000);
    utimesSync(lock, old, old);
    await activate(deployDir, 'ngo', '20260101000000-aaaaaaaa');
    expect(existsSync(lock)).toBe(false);
  });

  it('keeps every role when four deploys activate at the same time from separate processes', async () => {
    const deployDir = mkdtempSync(path.join(tmpdir(), 'medrelay-deploys-'));
    const roles = ['pharmacy', 'ngo', 'donor', 'admin'] as const;
    for (const role of roles) deployedVersion(deployDir, role, '20260101000000-aaaaaaaa');
    const script = path.join(import.meta.dirname, 'deploy-remote.ts');
    await Promise.all(
      roles.map((role) =>
        execFileAsync(
          process.execPath,
          ['--import', 'tsx', script, role, '--activate', '20260101000000-aaaaaaaa'],
          { env: { ...process.env, MF_DEPLOY_DIR: deployDir } },
        ),
      ),
    );
    expect(
      remotesOf(deployDir)
        .map((r: { role: string }) => r.role)
        .sort(),
    ).toEqual([...roles].sort());
  });

  it('drops a bad entry of remotes.json and keeps the good ones', async () => {
    const deployDir = mkdtempSync(path.join(tmpdir(), 'medrelay-deploys-'));
    deployedVersion(deployDir, 'ngo', '20260101000000-aaaaaaaa');
    const good = {
      name: 'mf_donor',
      role: 'donor',
      entry: '/mf/donor/20260101000000-bbbbbbbb/mf-manifest.json',
    };
    writeFileSync(
      path.join(deployDir, 'remotes.json'),
      JSON.stringify([good, { name: 'mf_x', role: 'nobody', entry: 'https://evil.example/x.json' }]),
    );
    await activate(deployDir, 'ngo', '20260101000000-aaaaaaaa');
    expect(remotesOf(deployDir)).toEqual([
      good,
      { name: 'mf_ngo', role: 'ngo', entry: '/mf/ngo/20260101000000-aaaaaaaa/mf-manifest.json' },
    ]);
  });

  it('keeps the three newest versions and the live one for a roll back', () => {
    const deployDir = mkdtempSync(path.join(tmpdir(), 'medrelay-deploys-'));
    const versions = [1, 2, 3, 4, 5].map((n) => `2026010${n}000000-0000000${n}`);
    for (const version of versions) deployedVersion(deployDir, 'admin', version);
    prune(deployDir, 'admin', versions[0]!);
    expect(readdirSync(path.join(deployDir, 'admin')).sort()).toEqual([versions[0], ...versions.slice(2)]);
  });
});
