import { passwordChangeSchema, profileUpdateSchema } from '@medrelay/contracts';
import { authenticate, callerOf, requestLanguage, validate } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';
import { createAccountService } from './service';

/** The caller's own account: profile fields, language, password (any status may use it). */
export function accountRoutes(ctx: IdentityContext): Router {
  const router = Router();
  const account = createAccountService(ctx);
  const signedIn = authenticate(ctx.verifier);

  router.put('/api/auth/me', signedIn, validate({ body: profileUpdateSchema }), async (req, res) => {
    res.json(await account.update(callerOf(res).id, req.body, requestLanguage(req)));
  });
  router.put('/api/auth/password', signedIn, validate({ body: passwordChangeSchema }), async (req, res) => {
    res.json(await account.changePassword(callerOf(res).id, req.body, requestLanguage(req)));
  });
  return router;
}
