/** Readable, prefixed, coloured lines from each process's output (pino JSON or plain text). */
const colours = [36, 35, 33, 32, 34, 91, 96];
const levels: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;

function paint(code: number, text: string) {
  return useColour ? `\x1b[${code}m${text}\x1b[0m` : text;
}

export function prefixer(name: string, index: number, width = 9) {
  const tag = paint(colours[index % colours.length]!, name.padEnd(width));
  return (line: string) => {
    if (!line.trim()) return;
    let text = line;
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      const {
        level,
        time,
        msg,
        pid: _pid,
        hostname: _host,
        service: _service,
        req,
        res,
        responseTime,
        ...rest
      } = entry;
      const levelName = levels[level as number] ?? String(level);
      const http =
        req && res
          ? `${(req as { method: string }).method} ${(req as { url: string }).url} → ${(res as { statusCode: number }).statusCode} (${responseTime} ms)`
          : '';
      const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
      const clock = new Date(time as number).toLocaleTimeString('en-GB');
      const n = level as number;
      const coloured = n >= 50 ? paint(31, levelName) : n >= 40 ? paint(33, levelName) : levelName;
      text = `${clock} ${coloured} ${msg ?? ''} ${http}${extra}`.trimEnd();
    } catch {
      // not JSON: print as it is
    }
    process.stdout.write(`${tag} │ ${text}\n`);
  };
}

/** Splits a stream into lines for `onLine`. */
export function forEachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void) {
  let buffer = '';
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    lines.forEach(onLine);
  });
  stream.on('end', () => {
    if (buffer) onLine(buffer);
  });
}
