/**
 * `npm start -- --scale svc-catalog=2 --scale requests=3`: how many instances of each service to
 * run. Names with or without the `svc-` prefix; unknown names and counts outside 1–8 are refused.
 */
export function parseScale(args: readonly string[], services: readonly string[]): Record<string, number> {
  const scale: Record<string, number> = Object.fromEntries(services.map((s) => [s, 1]));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    let spec: string | undefined;
    if (arg === '--scale') spec = args[++i];
    else if (arg.startsWith('--scale=')) spec = arg.slice('--scale='.length);
    else throw new Error(`Unknown option ${arg} (try --scale svc-catalog=2)`);
    const match = /^(?:svc-)?([a-z]+)=(\d+)$/.exec(spec ?? '');
    if (!match || !services.includes(match[1]!)) {
      throw new Error(`--scale takes <service>=<count> with a service among ${services.join(', ')}`);
    }
    const count = Number(match[2]);
    if (count < 1 || count > 8) throw new Error(`--scale ${spec}: from 1 to 8 instances`);
    scale[match[1]!] = count;
  }
  return scale;
}

/** Instance k (from 0) of a service listens on its base port + 100 k: 4002, 4102, … */
export function instancePort(basePort: number, k: number): number {
  return basePort + 100 * k;
}
