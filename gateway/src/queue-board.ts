import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { allQueueNames } from '@medrelay/contracts';
import {
  bearerToken,
  createQueue,
  createQueueRedis,
  httpError,
  type Caller,
  type Redis,
  type TokenVerifier,
} from '@medrelay/service-kit';
import { Router, type Request, type RequestHandler } from 'express';
import { contentSecurityPolicy } from './static';

export const queueBoardPath = '/api/admin/queues';
const cookieName = 'medrelay_queues';
const sessionSeconds = 3600;

/**
 * The browser keeps the MedRelay token in localStorage, which the dashboard's own calls do not
 * send. This page (same origin) hands it once to POST …/session, which checks it is an
 * administrator's, keeps it server-side in Redis under a random session id (expiring with the
 * token) and sets only that id in an HttpOnly, SameSite=Strict cookie scoped to the dashboard.
 */
const signInPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MedRelay queues</title><link rel="icon" href="data:,"></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto">
<h1>MedRelay queues</h1>
<p id="en">Opening the queue dashboard… It is for administrators: <a href="/login">sign in to MedRelay</a> as an administrator first.</p>
<div lang="ar" dir="rtl"><p>جاري فتح لوحة الطوابير… اللوحة للمسؤولين بس: <a href="/login">سجّل دخولك في MedRelay</a> كمسؤول الأول.</p></div>
<script src="${queueBoardPath}/sign-in.js"></script>
</body></html>`;
const signInScript = `(async () => {
  const token = localStorage.getItem('token');
  if (!token) return;
  const res = await fetch('${queueBoardPath}/session', { method: 'POST', headers: { authorization: 'Bearer ' + token } });
  if (res.ok) location.replace('${queueBoardPath}');
})();
`;

/**
 * Bull Board's page links a web font from a third-party host, which our CSP blocks (and the
 * browser reports as an error): serve a copy of its page template without that link.
 */
let viewsDir: string | null = null;
function selfContainedViews(): string {
  if (viewsDir) return viewsDir;
  // The UI package comes with the Express adapter (its dependency), so resolve it from there.
  const fromAdapter = createRequire(createRequire(import.meta.url).resolve('@bull-board/express'));
  const uiDist = path.join(path.dirname(fromAdapter.resolve('@bull-board/ui/package.json')), 'dist');
  const template = readFileSync(path.join(uiDist, 'index.ejs'), 'utf8').replace(
    /<link [^>]*href="https:\/\/fonts\.googleapis\.com[^>]*>/g,
    '',
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'medrelay-queue-board-'));
  writeFileSync(path.join(dir, 'index.ejs'), template);
  viewsDir = dir;
  return dir;
}

function cookieValue(req: Request): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookieName) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** Dashboard sessions: an opaque id in the cookie, the token it stands for in Redis. */
function boardSessions(redis: Redis, prefix: string) {
  const key = (id: string) => `${prefix}:queue-board:session:${id}`;
  return {
    async open(token: string, caller: Caller): Promise<{ id: string; seconds: number }> {
      const id = randomBytes(32).toString('base64url');
      const seconds = Math.max(1, Math.min(sessionSeconds, caller.expiresAt - Math.floor(Date.now() / 1000)));
      await redis.set(key(id), token, 'EX', seconds);
      return { id, seconds };
    },
    async token(req: Request): Promise<string | null> {
      const id = cookieValue(req);
      return id && /^[\w-]{43}$/.test(id) ? redis.get(key(id)) : null;
    },
  };
}
type BoardSessions = ReturnType<typeof boardSessions>;

/**
 * Administrators only, checked on every call: the session's token is verified again each time,
 * so a revoked token (sign-out, suspension) ends the dashboard session at once.
 */
function adminOnly(verifier: TokenVerifier, sessions: BoardSessions): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req) ?? (await sessions.token(req).catch(() => null));
    const caller = token ? await verifier.verify(token).catch(() => null) : null;
    if (caller?.role === 'admin') {
      res.locals.boardCaller = caller;
      return next();
    }
    if (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')) {
      return res.redirect(302, `${queueBoardPath}/sign-in`);
    }
    next(caller ? httpError.forbidden() : httpError.unauthenticated());
  };
}

/** Bull Board over every queue of the platform, at /api/admin/queues, for administrators. */
export function queueBoard(
  redisUrl: string,
  prefix: string,
  verifier: TokenVerifier,
  redis: Redis,
  options: { secureCookie?: boolean } = {},
) {
  const sessions = boardSessions(redis, prefix);
  const connection = createQueueRedis(redisUrl, 'gateway-queue-board');
  const queues = allQueueNames.map((name) => createQueue(name, connection, prefix));
  const adapter = new ExpressAdapter();
  adapter.setBasePath(queueBoardPath);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'MedRelay queues' } },
  });
  adapter.setViewsPath(selfContainedViews());

  const router = Router();
  router.use(queueBoardPath, (_req, res, next) => {
    res.setHeader('Content-Security-Policy', contentSecurityPolicy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  router.get(`${queueBoardPath}/sign-in`, (_req, res) => void res.type('html').send(signInPage));
  router.get(
    `${queueBoardPath}/sign-in.js`,
    (_req, res) => void res.type('text/javascript').send(signInScript),
  );
  router.post(`${queueBoardPath}/session`, adminOnly(verifier, sessions), async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) return next(httpError.unauthenticated());
    try {
      const session = await sessions.open(token, res.locals.boardCaller as Caller);
      const secure = options.secureCookie || req.secure ? '; Secure' : '';
      res.setHeader(
        'Set-Cookie',
        `${cookieName}=${session.id}; Path=${queueBoardPath}; HttpOnly; SameSite=Strict; Max-Age=${session.seconds}${secure}`,
      );
      res.status(204).end();
    } catch (err) {
      next(err);
    }
  });
  router.use(queueBoardPath, adminOnly(verifier, sessions), adapter.getRouter() as RequestHandler);
  return {
    router,
    async close() {
      await Promise.all(queues.map((queue) => queue.close()));
      await connection.quit();
    },
  };
}
