import { waitUntilReady } from './health';
import { startProcess, startSpare, stopProcess, type ServiceProcess, type SpareProcess } from './processes';

/**
 * When to restart a process that died: after a delay that doubles with each crash still in the
 * window (250 ms, 500 ms, 1 s, 2 s, 4 s), and not at all once it crashed more than `maxCrashes`
 * times within `windowMs` (a crash loop: restarting it again would only hide the fault).
 */
export class CrashPolicy {
  private crashes: number[] = [];

  constructor(
    readonly maxCrashes = 5,
    readonly windowMs = 60_000,
    readonly firstDelayMs = 250,
    readonly maxDelayMs = 8_000,
  ) {}

  /** Records a crash at `now`; the delay before restarting, or null to give up. */
  crashed(now: number): number | null {
    this.crashes = this.crashes.filter((t) => now - t < this.windowMs);
    this.crashes.push(now);
    if (this.crashes.length > this.maxCrashes) return null;
    return Math.min(this.firstDelayMs * 2 ** (this.crashes.length - 1), this.maxDelayMs);
  }

  /** Crashes counted in the window ending at `now`. */
  recent(now: number): number {
    return this.crashes.filter((t) => now - t < this.windowMs).length;
  }
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
 * out-of-memory kill) while the others keep running. `stop()` is the only way it ends for good,
 * besides `onGiveUp` when it is caught in a crash loop. While watched it keeps a warm spare
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
    private readonly onGiveUp: (reason: string) => void,
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
      const delay = this.policy.crashed(Date.now());
      if (delay === null) {
        const { maxCrashes, windowMs } = this.policy;
        this.onGiveUp(
          `${this.spec.label} crashed more than ${maxCrashes} times within ${windowMs / 1000} s (last: ${how}); ` +
            'stopping the platform. Its log above says why.',
        );
        return;
      }
      this.say(`${this.spec.label} exited unexpectedly (${how}); restarting in ${delay} ms`);
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
