import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { activate, prune } from './deploy-remote';

function deployedVersion(deployDir: string, role: string, version: string) {
  mkdirSync(path.join(deployDir, role, version), { recursive: true });
  writeFileSync(path.join(deployDir, role, version, 'mf-manifest.json'), '{}');
}
const remotesOf = (deployDir: string) =>
  JSON.parse(readFileSync(path.join(deployDir, 'remotes.json'), 'utf8'));

describe('npm run deploy:remote', () => {
  it("switches one role's entry in remotes.json and leaves the others, with no temporary file left", () => {
    const deployDir = mkdtempSync(path.join(tmpdir(), 'medrelay-deploys-'));
    deployedVersion(deployDir, 'ngo', '20260101000000-aaaaaaaa');
    deployedVersion(deployDir, 'pharmacy', '20260102000000-bbbbbbbb');
    deployedVersion(deployDir, 'pharmacy', '20260103000000-cccccccc');
    activate(deployDir, 'ngo', '20260101000000-aaaaaaaa');
    activate(deployDir, 'pharmacy', '20260102000000-bbbbbbbb');
    activate(deployDir, 'pharmacy', '20260103000000-cccccccc');
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

  it('refuses to activate a version that is not deployed, and changes nothing', () => {
    const deployDir = mkdtempSync(path.join(tmpdir(), 'medrelay-deploys-'));
    deployedVersion(deployDir, 'donor', '20260101000000-aaaaaaaa');
    activate(deployDir, 'donor', '20260101000000-aaaaaaaa');
    expect(() => activate(deployDir, 'donor', '20990101000000-ffffffff')).toThrow(/No deployed version/);
    expect(remotesOf(deployDir)[0].entry).toContain('20260101000000-aaaaaaaa');
  });

  it('keeps the three newest versions and the live one for a roll back', () => {
    const deployDir = mkdtempSync(path.join(tmpdir(), 'medrelay-deploys-'));
    const versions = [1, 2, 3, 4, 5].map((n) => `2026010${n}000000-0000000${n}`);
    for (const version of versions) deployedVersion(deployDir, 'admin', version);
    prune(deployDir, 'admin', versions[0]!);
    expect(readdirSync(path.join(deployDir, 'admin')).sort()).toEqual([versions[0], ...versions.slice(2)]);
  });
});
