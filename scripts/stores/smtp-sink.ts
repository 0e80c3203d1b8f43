import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { forEachLine } from '../launcher/logs';
import { isListening, waitFor } from './ports';
import { exitOf } from './postgres';

export interface RunningSmtpSink {
  url: string;
  directory: string;
  stop(): Promise<void>;
}

/**
 * A local SMTP server that accepts every message and stores it as `<time>-<n>.eml` under
 * `directory`, logging one line per message. `failFirst` refuses that many messages first
 * (a transient 451), so tests can watch senders retry.
 */
export async function startSmtpSink(
  directory: string,
  port: number,
  log: (line: string) => void = () => {},
  options: { failFirst?: number } = {},
): Promise<RunningSmtpSink> {
  mkdirSync(directory, { recursive: true });
  let counter = 0;
  let toFail = options.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (toFail > 0) {
          toFail -= 1;
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(err);
        }
        const file = path.join(directory, `${Date.now()}-${process.pid}-${++counter}.eml`);
        writeFileSync(file, Buffer.concat(chunks));
        const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
        log(`mail to ${to} saved as ${path.basename(file)}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    directory,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SMTP sink run as a child process (smtp-sink-process.ts), so it can be supervised and killed. */
export async function startSmtpSinkProcess(
  directory: string,
  port: number,
  log: (line: string) => void = () => {},
): Promise<RunningSmtpSink & { pid: number; exited: Promise<string> }> {
  mkdirSync(directory, { recursive: true });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'smtp-sink-process.ts'), directory, String(port)],
    // Its own process group, like the other stores: a Ctrl-C reaches the launcher, which stops it last.
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  forEachLine(child.stdout!, log);
  forEachLine(child.stderr!, log);
  // Held open, never written: the sink ends with this process (smtp-sink-process.ts).
  (child.stdin as unknown as { unref(): void }).unref();
  const exited = exitOf(child);
  let gone = false;
  void exited.then(() => (gone = true));
  await waitFor(async () => {
    if (gone) throw new Error('the SMTP sink exited during start (see its log)');
    return isListening(port);
  }, 'the SMTP sink');
  return {
    url: `smtp://127.0.0.1:${port}`,
    directory,
    pid: child.pid!,
    exited,
    stop: async () => {
      if (gone) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
