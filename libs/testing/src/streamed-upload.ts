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
 */
export function streamedUpload(
  url: string,
  headers: Record<string, string>,
  megabytes = 20,
): Promise<StreamedUploadOutcome> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let sentMb = 0;
    let answeredAtMb = -1;
    socket.on('data', (data) => {
      if (answeredAtMb < 0) answeredAtMb = sentMb;
      answer += data.toString('latin1');
    });
    const megabyte = Buffer.alloc(1024 * 1024, 1);
    const chunk = Buffer.concat([
      Buffer.from(`${megabyte.length.toString(16)}\r\n`),
      megabyte,
      Buffer.from('\r\n'),
    ]);
    const send = () => {
      while (sentMb < megabytes) {
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
