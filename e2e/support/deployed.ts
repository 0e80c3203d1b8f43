import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startPlatform, type Platform } from './platform';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * One platform for the test file that serves the front ends from a copy of their builds, which
 * the tests change as a deploy would (`deployed().dir`); removed when the file ends.
 */
export function useDeployedFrontEnds(): () => { dir: string; platform: Platform } {
  let dir: string;
  let platform: Platform;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'medrelay-front-ends-'));
    for (const app of ['shell', 'mf-pharmacy', 'mf-ngo', 'mf-donor', 'mf-admin']) {
      cpSync(path.join(root, app, 'dist'), path.join(dir, app, 'dist'), { recursive: true });
    }
    platform = await startPlatform({ staticRoot: dir });
  }, 60_000);
  afterAll(async () => {
    await platform?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => expect(await platform.finishTest()).toEqual([]));
  return () => ({ dir, platform });
}
