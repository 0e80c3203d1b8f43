import { waitUntilReady } from './health';
import { startProcess, startSpare, stopProcess, type ServiceProcess, type SpareProcess } from './processes';

/**
 * When to restart a process that died: after a delay that doubles with each crash still in the
 * window (250 ms, 500 ms, 1 s, 2 s, 4 s, then `maxDelayMs`), for ever. Past `loudAfter` crashes
 * within `windowMs` the process is crash-looping: it is still restarted at the capped delay (a
 * store or a service it needs may come back), and the supervisor says loudly that it is down.
 * (It used to stop the whole platform there, healthy processes included.)
 */
export class CrashPolicy {
  private crashes: number[] = [];

  constructor(
    readonly loudAfter = 5,
    readonly windowMs = 60_000,
    readonly firstDelayMs = 250,
    readonly maxDelayMs = 8_000,
  ) {}

  /** Records a crash at `now`; the delay before restarting. */
  crashed(now: number): number {
    this.crashes = this.crashes.filter((t) => now - t < this.windowMs);
    this.crashes.push(now);
    return Math.min(this.firstDelayMs * 2 ** (this.crashes.length - 1), this.maxDelayMs);
  }

  /** Crashes counted in the window ending at `now`. */
  recent(now: number): number {
    return this.crashes.filter((t) => now - t < this.windowMs).length;
  }

  /** More than `loudAfter` crashes within the window ending at `now`. */
  looping(now: number): boolean {
    return this.recent(now) > this.loudAfter;
  }
}

/** What the supervisor says when a process or store died: loud once it is crash-looping. */
export function downMessage(
  name: string,
  how: string,
  delayMs: number,
  policy: CrashPolicy,
  now: number,
  restarting = 'restarting',
): string {
  if (!policy.looping(now)) return `${name} ${how}; ${restarting} in ${delayMs} ms`;
  return (
    `!!! ${name} IS DOWN: ${how}, ${policy.recent(now)} times within ${policy.windowMs / 1000} s. ` +
    `Trying again every ${delayMs / 1000} s at most; everything else keeps running. Its log above says why.`
  );
}

export interface ProcessSpec {
  /** Shown in logs: `catalog`, `catalog#2`, `gateway`. */
  label: string;
  /** Colour of its log prefix. */
  index: number;
  cwd: string;
  entry: string;
  env: Record<string, string>;
  /** Answers 2xx once the process takes calls. */
  readyUrl: string;
  /**
   * Modules (paths from `cwd`) a warm spare loads ahead of time: what the entry imports. Without
   * it a restart starts a process from nothing.
   */
  preload?: readonly string[];
}

/**
 * One process of the platform, restarted when it dies on its own (`kill -9`, a crash, an
 * out-of-memory kill) while the others keep running. `stop()` is the only way it ends for good;
 * a crash loop is restarted at a capped delay and reported loudly. While watched it keeps a warm spare
 * (modules loaded, entry held back) so a restart takes well under a second instead of seconds.
 */
export class Supervised {
  current: ServiceProcess;
  private spare: SpareProcess | null = null;
  private watching = false;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly spec: ProcessSpec,
    private readonly say: (line: string) => void,
    private readonly policy = new CrashPolicy(),
  ) {
    this.current = this.spawn();
  }

  get name(): string {
    return this.spec.label;
  }

  /** Until the whole platform is up a death is a failed start (the launcher stops); restarts begin here. */
  watch(): void {
    this.watching = true;
    this.followExit(this.current);
    this.prepareSpare();
  }

  /** Its processes (the one serving and the spare), for a last SIGKILL when the launcher exits. */
  children(): ServiceProcess['child'][] {
    return [this.current.child, ...(this.spare ? [this.spare.child] : [])];
  }

  /** Ready (2xx at its ready URL), or throws if it exits first or takes longer than the bound. */
  waitUntilReady(timeoutMs?: number): Promise<void> {
    return waitUntilReady(this.spec.readyUrl, this.current.exited, this.spec.label, timeoutMs);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    await Promise.all([this.current, ...(this.spare ? [this.spare] : [])].map((p) => stopProcess(p)));
  }

  private spawn(): ServiceProcess {
    const { label, index, cwd, entry, env } = this.spec;
    const started = startProcess(label, index, cwd, entry, env);
    this.say(`${label} started (pid ${started.child.pid})`);
    return started;
  }

  private prepareSpare(): void {
    const { label, index, cwd, entry, env, preload } = this.spec;
    if (!preload || this.spare || this.stopping) return;
    const spare = startSpare(label, index, cwd, entry, env, preload);
    this.spare = spare;
    void spare.warm.then(() => {
      if (this.spare === spare) this.say(`${label} has a warm spare (pid ${spare.child.pid})`);
    });
    // A spare that dies (its code cannot even load) is simply not there for the next restart.
    void spare.exited.then(() => {
      if (this.spare === spare) this.spare = null;
    });
  }

  /** The spare if it is alive, told to go; else a process started from nothing. */
  private promoteOrSpawn(): ServiceProcess {
    const spare = this.spare;
    this.spare = null;
    if (!spare || spare.child.exitCode !== null || spare.child.signalCode !== null) return this.spawn();
    spare.go();
    this.say(`${this.spec.label} started (pid ${spare.child.pid}, its warm spare)`);
    return spare;
  }

  private followExit(proc: ServiceProcess): void {
    void proc.exited.then((code) => {
      if (this.stopping || !this.watching || proc !== this.current) return;
      const how = proc.child.signalCode ? `signal ${proc.child.signalCode}` : `code ${code}`;
      const now = Date.now();
      const delay = this.policy.crashed(now);
      this.say(downMessage(this.spec.label, `exited unexpectedly (${how})`, delay, this.policy, now));
      this.restartTimer = setTimeout(() => this.restart(), delay);
    });
  }

  private restart(): void {
    this.restartTimer = null;
    if (this.stopping) return;
    const began = Date.now();
    this.current = this.promoteOrSpawn();
    this.followExit(this.current);
    // Logged for the operator; if it dies first, followExit handles it. The next spare starts
    // once this one serves, so the two do not compete for the CPU.
    this.waitUntilReady().then(
      () => {
        this.say(`${this.spec.label} is back (ready ${Date.now() - began} ms after its restart)`);
        this.prepareSpare();
      },
      () => undefined,
    );
  }
}

/** A process a store runs as (embedded PostgreSQL, redis-server, the SMTP sink). */
export interface StoreProcess {
  pid: number;
  /** Settles when it has exited, with how (`signal SIGKILL`, `code 1`). */
  exited: Promise<string>;
}

/** A store the launcher started itself, which it can start again on the same data and port. */
export interface ManagedStore {
  name: string;
  current: StoreProcess;
  /** Starts it again; rejects if it could not (its port still taken, old processes still exiting). */
  restart(): Promise<StoreProcess>;
  stop(): Promise<void>;
}

/**
 * Supervises a store like the services: one that dies is started again after a backoff capped
 * at 2 s (stores are what everything waits for), for ever, saying what is down and why. Services
 * answer 503 meanwhile and reconnect on their own.
 */
export class SupervisedStore {
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: ManagedStore,
    private readonly say: (line: string) => void,
    private readonly policy = new CrashPolicy(5, 60_000, 250, 2_000),
  ) {}

  get name(): string {
    return this.store.name;
  }

  watch(): void {
    this.follow(this.store.current);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.store.stop();
  }

  private follow(proc: StoreProcess): void {
    void proc.exited.then((how) => {
      if (this.stopping || proc !== this.store.current) return;
      this.down(`exited unexpectedly (${how})`, Date.now());
    });
  }

  private down(how: string, since: number): void {
    const now = Date.now();
    const delay = this.policy.crashed(now);
    this.say(downMessage(this.store.name, how, delay, this.policy, now));
    this.timer = setTimeout(() => void this.restart(since), delay);
  }

  private async restart(since: number): Promise<void> {
    this.timer = null;
    if (this.stopping) return;
    try {
      const proc = await this.store.restart();
      if (this.stopping) return;
      this.say(`${this.store.name} is back (pid ${proc.pid}, ${Date.now() - since} ms after it went down)`);
      this.follow(proc);
    } catch (err) {
      if (this.stopping) return;
      this.down(
        `could not start again (${(err as Error | undefined)?.message ?? 'it exited during start'})`,
        since,
      );
    }
  }
}
