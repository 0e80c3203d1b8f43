import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDeployedRemotes } from './deployed-remotes';

function deployDirWith(remotes: unknown) {
  const dir = mkdtempSync(path.join(tmpdir(), 'medrelay-remotes-'));
  writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify(remotes));
  return dir;
}

describe('readDeployedRemotes', () => {
  it('skips and reports a bad entry, keeping every good one', () => {
    const good = [
      { name: 'mf_ngo', role: 'ngo', entry: '/mf/ngo/20260101000000-aaaaaaaa/mf-manifest.json' },
      { name: 'mf_admin', role: 'admin', entry: '/mf/admin/20260101000000-bbbbbbbb/mf-manifest.json' },
    ];
    const bad = { name: 'mf_donor', role: 'donor', entry: 'https://elsewhere.example/mf-manifest.json' };
    const reported: Array<{ entry: unknown; issue: string }> = [];
    const remotes = readDeployedRemotes(deployDirWith([good[0], bad, good[1]]), (p) => reported.push(p));
    expect(remotes).toEqual(good);
    expect(reported).toHaveLength(1);
    expect(reported[0]!.entry).toEqual(bad);
    expect(reported[0]!.issue).toMatch(/^entry:/);
  });

  it('reads no remote from a missing file or one that is not a list', () => {
    expect(readDeployedRemotes(mkdtempSync(path.join(tmpdir(), 'medrelay-remotes-')))).toEqual([]);
    const reported: unknown[] = [];
    expect(readDeployedRemotes(deployDirWith({ ngo: 'x' }), (p) => reported.push(p))).toEqual([]);
    expect(reported).toHaveLength(1);
  });
});
