import { authKeys, liveChannels, liveEventSchema, liveStreamHeader } from '@medrelay/contracts';
import { gatewayApi } from '@medrelay/contracts/api-routes';
import {
  AppError,
  bearerToken,
  mount,
  type Caller,
  type Logger,
  type Redis,
  type TokenVerifier,
  type TrackedReads,
} from '@medrelay/service-kit';
import { Router, type Response } from 'express';
import client from 'prom-client';

/*
 * GET /api/events: each signed-in screen's one live stream (Server-Sent Events), fed from the
 * users' Redis channels (docs/messaging.md "Live screens"). One subscriber connection per gateway
 * process, SUBSCRIBEd to the channels of the users with a stream open here, so Redis sends a
 * process only its own users' events and an event reaches only its user's streams.
 */

const openStreams = new client.Gauge({
  name: 'gateway_live_streams',
  help: 'Live event streams open on this gateway',
});
const sentEvents = new client.Counter({
  name: 'gateway_live_events_total',
  help: 'Live events written to open streams',
});

/**
 * A user's streams on one gateway (one per browser: its tabs share it). One more is refused (429,
 * Retry-After a minute; the browser polls meanwhile) rather than closing the oldest, which then
 * reconnected and closed the next: eleven counter PCs on one account looped for ever. A stream
 * whose browser is gone ends at its next heartbeat, so a place frees itself.
 */
const streamsPerUser = 10;
const tooManyStreams = () =>
  new AppError(429, 'RATE_LIMITED', 'tooManyLiveStreams', { headers: { 'Retry-After': '60' } });
/** A client this far behind reads nothing: it is closed, and refetches when it reconnects. */
const maxBufferedBytes = 64 * 1024;

const unavailable = () =>
  new AppError(503, 'STORE_UNAVAILABLE', 'serviceUnavailable', { headers: { 'Retry-After': '5' } });

/** One open stream: its caller, and what ends it (the client leaving, the session ending, a shutdown). */
class LiveStream {
  private ended = false;
  private opened = false;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    readonly caller: Caller,
    /** The browser's name for its stream (liveStreamHeader), or null. */
    readonly name: string | null,
    private readonly token: string,
    private readonly res: Response,
    private readonly verifier: TokenVerifier,
    private readonly onEnd: (stream: LiveStream) => void,
  ) {}

  /**
   * Sends the headers once the user's channel is subscribed: from then on nothing is missed.
   * False when the stream ended meanwhile (the client left, or a shutdown began).
   */
  open(heartbeatMs: number): boolean {
    if (this.ended) return false;
    this.opened = true;
    openStreams.inc();
    const { res } = this;
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // no-transform: compressing proxies (the dev server's too) would hold events back in a buffer.
    res.setHeader('Cache-Control', 'no-store, no-transform');
    // Proxies in front (an nginx ingress) pass each event on as it comes instead of buffering.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    // The session's end closes the stream: at its expiry, and at every heartbeat if revoked.
    const untilExpiry = this.caller.expiresAt * 1000 - Date.now();
    this.timers.push(
      setTimeout(() => this.end(), Math.min(Math.max(untilExpiry, 0), 2 ** 31 - 1)),
      setInterval(() => void this.heartbeat(), heartbeatMs),
    );
    return true;
  }

  send(data: string): void {
    if (!this.opened || this.ended) return;
    this.res.write(`data: ${data}\n\n`);
    sentEvents.inc();
    if (this.res.writableLength > maxBufferedBytes) this.end();
  }

  /** Ends the stream unless the token still verifies (not revoked, expired or of a rejected account). */
  async check(): Promise<boolean> {
    try {
      await this.verifier.verify(this.token);
      return true;
    } catch (err) {
      // Only a verdict on the token ends it; Redis unreachable for a moment does not.
      if (err instanceof AppError && err.status === 401) this.end();
      return false;
    }
  }

  /** Whether a change of one of these session keys may concern this stream's token. */
  concerns(keys: readonly string[] | null, prefix: string): boolean {
    if (!keys) return true;
    const mine = [
      authKeys.revokedBefore(prefix, this.caller.id),
      authKeys.revokedToken(prefix, this.caller.tokenId),
      authKeys.status(prefix, this.caller.id),
      // Revocations put back after Redis lost them: this token's may be among them.
      authKeys.restored(prefix),
    ];
    return keys.some((key) => mine.includes(key));
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const timer of this.timers) clearTimeout(timer);
    // Before it opened, the route answers instead (a 503 the browser retries).
    if (this.opened) {
      openStreams.dec();
      if (!this.res.writableEnded) this.res.end();
    }
    this.onEnd(this);
  }

  private async heartbeat(): Promise<void> {
    // A comment line: the browser's parser skips it, proxies see traffic and keep the connection.
    if ((await this.check()) && !this.ended) this.res.write(': heartbeat\n\n');
  }
}

interface UserStreams {
  streams: Set<LiveStream>;
  /** Settles once the user's channel is subscribed (or failed to be). */
  subscribed: Promise<unknown>;
}

/** The gateway's live streams by user, and the one Redis connection subscribed to their channels. */
export class LiveHub {
  private readonly subscriber: Redis;
  private readonly users = new Map<number, UserStreams>();
  private readonly channelPrefix: string;
  private closed = false;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly options: { heartbeatMs: number; verifier: TokenVerifier; sessionChecks: TrackedReads },
    private readonly logger: Logger,
  ) {
    this.channelPrefix = liveChannels.prefix(prefix);
    this.subscriber = redis.duplicate({
      connectionName: 'gateway-live',
      // After a drop every stream is ended (events may have been missed meanwhile): the browsers
      // reconnect and refetch, subscribing afresh; nothing is resubscribed behind their backs.
      autoResubscribe: false,
      enableAutoPipelining: false,
    });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('close', () => this.endAll());
    this.subscriber.on('message', (channel: string, message: string) => this.dispatch(channel, message));
    // A revocation, logout or suspension ends the user's streams at once, not at the next heartbeat.
    options.sessionChecks.on('invalidated', (keys: string[] | null) => this.recheck(keys));
  }

  /** The stream route, mounted under the gateway's early token check. */
  routes(): Router {
    const api = { router: Router(), verifier: null };
    mount(api, gatewayApi.liveEvents, async ({ caller, req, res }) => {
      const named = req.get(liveStreamHeader);
      const name = named && /^[\w-]{8,64}$/.test(named) ? named : null;
      const stream = new LiveStream(caller, name, bearerToken(req)!, res, this.options.verifier, (s) =>
        this.remove(s),
      );
      res.on('close', () => stream.end());
      await this.add(stream);
      if (!stream.open(this.options.heartbeatMs)) throw unavailable();
    });
    return api.router;
  }

  /** Streams open on this gateway (for tests and the shutdown log). */
  get size(): number {
    let count = 0;
    for (const user of this.users.values()) count += user.streams.size;
    return count;
  }

  /** Ends every stream and refuses new ones (graceful shutdown: lets the HTTP server drain). */
  endAll(): void {
    for (const user of [...this.users.values()]) for (const stream of [...user.streams]) stream.end();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.endAll();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private async add(stream: LiveStream): Promise<void> {
    if (this.closed || this.subscriber.status !== 'ready') throw unavailable();
    const userId = stream.caller.id;
    // The same browser again (its old connection may linger unseen): the new stream takes its place.
    if (stream.name) {
      for (const old of [...(this.users.get(userId)?.streams ?? [])]) if (old.name === stream.name) old.end();
    }
    let user = this.users.get(userId);
    if (user && user.streams.size >= streamsPerUser) throw tooManyStreams();
    if (!user) {
      user = {
        streams: new Set(),
        subscribed: this.subscriber.subscribe(liveChannels.user(this.prefix, userId)),
      };
      this.users.set(userId, user);
    }
    user.streams.add(stream);
    try {
      await user.subscribed;
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'live channel not subscribed');
      stream.end();
      throw unavailable();
    }
  }

  private remove(stream: LiveStream): void {
    const userId = stream.caller.id;
    const user = this.users.get(userId);
    if (!user?.streams.delete(stream) || user.streams.size > 0) return;
    this.users.delete(userId);
    if (this.subscriber.status === 'ready') {
      this.subscriber.unsubscribe(liveChannels.user(this.prefix, userId)).catch(() => undefined);
    }
  }

  private dispatch(channel: string, message: string): void {
    if (!channel.startsWith(this.channelPrefix)) return;
    const user = this.users.get(Number(channel.slice(this.channelPrefix.length)));
    if (!user) return;
    // Only the contract's fields leave the gateway, whatever a producer put in.
    let event;
    try {
      event = liveEventSchema.safeParse(JSON.parse(message));
    } catch {
      return;
    }
    if (!event.success) return;
    const data = JSON.stringify(event.data);
    for (const stream of user.streams) stream.send(data);
  }

  private recheck(keys: string[] | null): void {
    for (const user of this.users.values()) {
      for (const stream of user.streams) {
        if (stream.concerns(keys, this.prefix)) void stream.check();
      }
    }
  }
}
