import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

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
