import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const fixture = path.join(import.meta.dirname, 'shutdown.fixture.ts');

/** Runs the fixture to its end: its exit code and its stdout as JSON lines. */
function run(mode: string, onLine?: (line: Record<string, unknown>, kill: () => void) => void) {
  return new Promise<{ code: number | null; lines: Array<Record<string, unknown>> }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, mode], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: Array<Record<string, unknown>> = [];
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop()!;
      for (const part of parts.filter(Boolean)) {
        const line = JSON.parse(part) as Record<string, unknown>;
        lines.push(line);
        onLine?.(line, () => child.kill('SIGTERM'));
      }
    });
    child.on('close', (code) => resolve({ code, lines })); // 'close': every stdout line read
  });
}

describe('process-level failures', () => {
  for (const [mode, kind, message] of [
    ['rejection', 'unhandledRejection', 'nobody caught this'],
    ['exception', 'uncaughtException', 'thrown in a timer'],
  ] as const) {
    it(`logs an ${kind} through pino, runs the shutdown steps in order, then exits 1`, async () => {
      const { code, lines } = await run(mode);
      expect(code).toBe(1);
      const fatal = lines.find((l) => l.level === 60);
      expect(fatal).toMatchObject({ service: 'fixture', kind, err: { message } });
      expect(String((fatal!.err as { stack: string }).stack)).toContain('shutdown.fixture.ts');
      const order = lines.map((l) => l.step ?? l.msg);
      // The steps in order after the fatal line, and "stopped" last: every line is written, in
      // order, before the exit (a write under way used to land after the exit's own).
      expect(order.slice(order.indexOf(`${kind}: stopping`))).toEqual([
        `${kind}: stopping`,
        'shutting down',
        'http',
        'stores',
        'stopped',
      ]);
    });
  }

  it('still exits 0 after the same steps on SIGTERM', async () => {
    const { code, lines } = await run('signal', (line, kill) => {
      if (line.step === 'ready') kill();
    });
    expect(code).toBe(0);
    const order = lines.map((l) => l.step ?? l.msg);
    expect(order).toEqual(['ready', 'shutting down', 'http', 'stores', 'stopped']);
  });
});
