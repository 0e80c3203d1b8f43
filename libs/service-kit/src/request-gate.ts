import type { Request, Response } from 'express';
import { AppError } from './errors';

/** What `RequestGate.run` answers when the client left before the work's turn came. */
export const clientGone = Symbol('clientGone');

const gone = (req: Request, res: Response) => Boolean(req.socket?.destroyed || res.destroyed || res.closed);

export interface RequestGateOptions {
  /**
   * A request that waited longer than this for its turn is answered 503 (OVERLOADED, Retry-After)
   * without running: past capacity, work that can only answer late is refused at once, so what
   * is served stays fast and the service keeps serving what it can instead of falling behind.
   */
  maxWaitMs?: number;
  /** Clock in ms (tests move it). */
  now?: () => number;
}

/**
 * Runs a request's database work a few at a time, in arrival order, and skips the work of a
 * request whose client has left by the time its turn comes, or that waited too long for it.
 * Past capacity a client (or the gateway) gives up on slow answers; without the gate the service
 * would still run every abandoned query, waiting for a pool connection, and fall further behind
 * (the open-loop benchmark served 74 of 500 req/s that way). Work already running is not
 * interrupted.
 */
export class RequestGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly now: () => number;

  constructor(
    private readonly concurrency: number,
    private readonly options: RequestGateOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Requests waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(req: Request, res: Response, work: () => Promise<T>): Promise<T | typeof clientGone> {
    const arrived = this.now();
    if (this.running >= this.concurrency) await new Promise<void>((turn) => this.waiting.push(turn));
    else this.running++;
    try {
      if (gone(req, res)) return clientGone;
      const { maxWaitMs } = this.options;
      if (maxWaitMs !== undefined && this.now() - arrived > maxWaitMs) {
        throw new AppError(503, 'OVERLOADED', 'serviceBusy', { headers: { 'Retry-After': '1' } });
      }
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes to the next in line as it is; with nobody waiting it is freed.
      if (next) next();
      else this.running--;
    }
  }
}
