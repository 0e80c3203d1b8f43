/**
 * The instances of one service. Calls go round robin; an instance that refused a connection is
 * skipped for `cooldownMs` (passive failover), unless every instance is cooling down, then all
 * are tried again. Counts what each instance answered, for /metrics and the scale-out test.
 */
export class UpstreamPool {
  private cursor = 0;
  private readonly downUntil = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly urls: readonly string[],
    private readonly cooldownMs = 5000,
  ) {
    if (!urls.length) throw new Error(`No instance given for ${name}`);
  }

  /** The next instance to call. */
  next(): string {
    const now = Date.now();
    for (let i = 0; i < this.urls.length; i++) {
      const url = this.urls[(this.cursor + i) % this.urls.length]!;
      if ((this.downUntil.get(url) ?? 0) <= now) {
        this.cursor = (this.cursor + i + 1) % this.urls.length;
        return url;
      }
    }
    const url = this.urls[this.cursor % this.urls.length]!;
    this.cursor = (this.cursor + 1) % this.urls.length;
    return url;
  }

  /** The instance did not take the connection: leave it out for a while. */
  markDown(url: string): void {
    this.downUntil.set(url, Date.now() + this.cooldownMs);
  }

  /** How many instances are taking calls now. */
  get available(): number {
    const now = Date.now();
    return this.urls.filter((url) => (this.downUntil.get(url) ?? 0) <= now).length;
  }
}

/** `http://a:1,http://b:2` → the URLs, each without a trailing slash. */
export function parseUrlList(value: string): string[] {
  return value
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}
