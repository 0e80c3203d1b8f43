import { loginSchema, registrationSchema } from '@medrelay/contracts';
import { authenticate, callerOf, requestLanguage, validate } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';
import { createAuthService } from './service';

export function authRoutes(ctx: IdentityContext): Router {
  const router = Router();
  const auth = createAuthService(ctx);

  router.post('/api/auth/register', validate({ body: registrationSchema }), async (req, res) => {
    res.status(201).json(await auth.register(req.body, requestLanguage(req), req.ip ?? 'unknown'));
  });

  router.post('/api/auth/login', validate({ body: loginSchema }), async (req, res) => {
    res.json(await auth.login(req.body, req.ip ?? 'unknown'));
  });

  router.get('/api/auth/me', authenticate(ctx.verifier), async (_req, res) => {
    res.json(await auth.me(callerOf(res).id));
  });

  router.post('/api/auth/logout', authenticate(ctx.verifier), async (_req, res) => {
    const caller = callerOf(res);
    await ctx.tokens.revokeToken(caller.tokenId, caller.expiresAt);
    res.status(204).end();
  });

  return router;
}
