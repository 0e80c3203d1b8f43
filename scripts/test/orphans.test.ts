import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reapOrphanedStores, recordStores } from './orphans';

const parent = mkdtempSync(path.join(tmpdir(), 'orphans-test-'));
const prefix = 'run-';
const started: ChildProcess[] = [];

/** A long-lived stand-in for a store (a Node process: its kernel name is `node`). */
function standIn(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
  started.push(child);
  return new Promise((resolve) => child.once('spawn', () => resolve(child)));
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** The pid of a process that has ended (an owner that died). */
async function deadPid(): Promise<number> {
  const child = await standIn();
  child.kill('SIGKILL');
  await exited(child);
  return child.pid!;
}

afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
  rmSync(parent, { recursive: true, force: true });
});

describe('stores left behind by a killed test run', () => {
  it('are stopped, and their folder removed, once their owner has died', async () => {
    const store = await standIn();
    const folder = mkdtempSync(path.join(parent, prefix));
    recordStores(folder, [{ pid: store.pid!, command: 'node', signal: 'SIGTERM' }], await deadPid());

    expect(reapOrphanedStores(parent, prefix)).toEqual([store.pid]);
    await exited(store);
    expect(store.signalCode).toBe('SIGTERM');
    expect(existsSync(folder)).toBe(false);
  });

  it('are left alone while their owner lives, and a pid now naming another program is not signalled', async () => {
    const living = await standIn();
    const ownedFolder = mkdtempSync(path.join(parent, prefix));
    recordStores(ownedFolder, [{ pid: living.pid!, command: 'node', signal: 'SIGTERM' }], process.pid);
    const reused = await standIn();
    const orphanFolder = mkdtempSync(path.join(parent, prefix));
    // The recorded store was a redis-server; its pid now belongs to some other program.
    recordStores(
      orphanFolder,
      [{ pid: reused.pid!, command: 'redis-server', signal: 'SIGTERM' }],
      await deadPid(),
    );
    const starting = mkdtempSync(path.join(parent, prefix)); // no record yet: a run starting now

    expect(reapOrphanedStores(parent, prefix)).toEqual([]);
    expect(existsSync(ownedFolder)).toBe(true);
    expect(existsSync(orphanFolder)).toBe(false);
    expect(existsSync(starting)).toBe(true);
    for (const child of [living, reused])
      expect(child.exitCode === null && child.signalCode === null).toBe(true);
  });
});
