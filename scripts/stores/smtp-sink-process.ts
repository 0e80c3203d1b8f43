// The SMTP sink as a process of its own (`npm start` runs it so, to supervise it like the other
// stores): node --import tsx smtp-sink-process.ts <directory> <port>. One line per message.
import { startSmtpSink } from './smtp-sink';

const [directory, port] = process.argv.slice(2);
const sink = await startSmtpSink(directory!, Number(port), (line) => console.log(line));
console.log(`listening on ${sink.url}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => void sink.stop().then(() => process.exit(0)));
}
// Its standard input is a pipe from the process that started it: when that one is gone (even
// killed with SIGKILL), the pipe ends and so does the sink, never left behind holding its port.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
