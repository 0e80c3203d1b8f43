import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Where Redis publishes client-side caching notices in RESP2 (redirect) mode. */
const invalidationChannel = '__redis__:invalidate';

/** What reads keys the way `Redis#mget` does: the verifier reads through either. */
export interface KeyReader {
  mget(...keys: string[]): Promise<(string | null)[]>;
}

export interface TrackedReadsOptions {
  /** Key prefixes Redis reports changes of; only keys under them are kept. */
  prefixes: readonly string[];
  /** Values kept at most (least recently used out). */
  maxEntries?: number;
  /**
   * A kept value is read again after this long even if no notice came: a bound on staleness
   * should the notice connection die without the socket saying so (a half-open TCP link).
   */
  ttlMs?: number;
}

/**
 * Reads of Redis keys kept in this process until Redis says they changed: Redis client-side
 * caching in broadcasting mode (`CLIENT TRACKING ON REDIRECT <self> BCAST PREFIX …` on a
 * connection subscribed to `__redis__:invalidate`). Any write to, expiry of or flush of a key
 * under the prefixes, by anyone, sends a notice that drops it here. The token check of every
 * API call read three keys with an `MGET` in the gateway and again in the service; nearly all
 * of them never change (a token is rarely revoked), so they are now read once (docs/accounts.md,
 * "Revocation read once, then told of changes").
 *
 * Never stale by construction, with three rules:
 * - nothing is kept or used while the notice connection is not subscribed and tracking (at
 *   start, and from a drop until it is set up again); a drop empties what was kept;
 * - a value read while any notice arrived is not kept (the read and the notice travel on
 *   different connections, so the read may be older than the notice);
 * - every kept value is read again after `ttlMs` (a dead link that never said so).
 */
export class TrackedReads extends EventEmitter implements KeyReader {
  private readonly kept: LRUCache<string, { value: string | null }>;
  private readonly listener: Redis;
  /** Moves at every notice and every drop: a read across a move is not kept. */
  private epoch = 0;
  private tracking = false;
  private closed = false;

  constructor(
    private readonly reader: Redis,
    private readonly options: TrackedReadsOptions,
  ) {
    super();
    this.kept = new LRUCache({ max: options.maxEntries ?? 100_000, ttl: options.ttlMs ?? 10_000 });
    // Its own connection: a subscribed connection can run nothing else, and a reconnect must
    // set tracking up again before anything is kept (hence no automatic resubscription).
    this.listener = reader.duplicate({
      connectionName: `${reader.options.connectionName ?? 'redis'}-invalidations`,
      autoResubscribe: false,
      enableAutoPipelining: false,
      maxRetriesPerRequest: null,
      commandTimeout: undefined,
      lazyConnect: false,
    });
    this.listener.on('error', () => undefined);
    this.listener.on('ready', () => void this.track());
    this.listener.on('close', () => this.untrack());
    this.listener.on('messageBuffer', (channel: Buffer, keys: Buffer[] | null) => {
      if (String(channel) === invalidationChannel) this.invalidate(keys);
    });
  }

  /** Whether kept values are being used (tracking is set up and its notices arrive). */
  get isTracking(): boolean {
    return this.tracking;
  }

  async mget(...keys: string[]): Promise<(string | null)[]> {
    if (!this.tracking) return this.reader.mget(...keys);
    const found = keys.map((key) => this.kept.get(key));
    if (found.every((entry) => entry !== undefined)) return found.map((entry) => entry!.value);
    const epoch = this.epoch;
    const values = await this.reader.mget(...keys);
    if (this.tracking && this.epoch === epoch) {
      keys.forEach((key, i) => {
        if (this.options.prefixes.some((prefix) => key.startsWith(prefix)))
          this.kept.set(key, { value: values[i] ?? null });
      });
    }
    return values;
  }

  /** Stops tracking and closes the notice connection. */
  async close(): Promise<void> {
    this.closed = true;
    this.untrack();
    await this.listener.quit().catch(() => this.listener.disconnect());
  }

  private async track(): Promise<void> {
    try {
      const id = String(await this.listener.client('ID'));
      const prefixes = this.options.prefixes.flatMap((prefix) => ['PREFIX', prefix]);
      await this.listener.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', id, 'BCAST', ...prefixes);
      await this.listener.subscribe(invalidationChannel);
      if (this.closed || this.listener.status !== 'ready') return;
      this.epoch++;
      this.tracking = true;
      this.emit('tracking');
    } catch {
      // The connection went while setting up: 'close' has untracked, the next 'ready' tries again.
    }
  }

  private untrack(): void {
    const was = this.tracking;
    this.tracking = false;
    this.epoch++;
    this.kept.clear();
    if (was) this.emit('untracked');
  }

  private invalidate(keys: Buffer[] | null): void {
    this.epoch++;
    // No keys: the database was flushed (FLUSHDB/FLUSHALL), everything goes.
    if (!keys) this.kept.clear();
    else for (const key of keys) this.kept.delete(String(key));
    this.emit('invalidated', keys?.map(String) ?? null);
  }
}
