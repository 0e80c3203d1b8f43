import { connect } from 'node:net';

export interface StreamedUploadOutcome {
  /** What came back, as read off the socket (status line, headers, body). */
  answer: string;
  /** How many megabytes had been sent when the first byte of the answer came. */
  answeredAtMb: number;
  /** How many megabytes were sent in all. */
  sentMb: number;
  /** Set when the connection failed (a reset while still sending). */
  error?: string;
}

/**
 * A PUT streamed as a phone's upload is, on a bare socket: `megabytes` of chunked body, 1 MB at a
 * time as the connection takes it, no Content-Length. A bare socket so that nothing in the client
 * hides how the server treats the rest of an upload it answered early (Node's own client stops
 * sending once its answer is complete).
 *
 * With `waitForAnswerAtMb`, the sender stops after that many megabytes until the answer's first
 * byte has come, then sends the rest: an answer that comes early is then seen early however fast
 * the connection takes the body (a loopback socket can take all 20 MB before the server's answer
 * is read), and a server that waits for the whole body never answers (the test times out).
 */
export function streamedUpload(
  url: string,
  headers: Record<string, string>,
  { megabytes = 20, waitForAnswerAtMb }: { megabytes?: number; waitForAnswerAtMb?: number } = {},
): Promise<StreamedUploadOutcome> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let sentMb = 0;
    let answeredAtMb = -1;
    let held = false;
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      if (answeredAtMb >= 0) return;
      answeredAtMb = sentMb;
      if (held) {
        held = false;
        send();
      }
    });
    const megabyte = Buffer.alloc(1024 * 1024, 1);
    const chunk = Buffer.concat([
      Buffer.from(`${megabyte.length.toString(16)}\r\n`),
      megabyte,
      Buffer.from('\r\n'),
    ]);
    const send = () => {
      while (sentMb < megabytes) {
        if (sentMb === waitForAnswerAtMb && answeredAtMb < 0) return void (held = true);
        sentMb++;
        if (!socket.write(chunk)) return void socket.once('drain', send);
      }
      socket.end('0\r\n\r\n');
    };
    socket.once('connect', () => {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(
        `PUT ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\n${lines.join('')}Transfer-Encoding: chunked\r\n\r\n`,
      );
      send();
    });
    socket.once('error', (err) => resolve({ answer, answeredAtMb, sentMb, error: err.message }));
    socket.once('close', () => resolve({ answer, answeredAtMb, sentMb }));
  });
}
