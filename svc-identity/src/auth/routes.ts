import { identityApi } from '@medrelay/contracts/api-routes';
import { mount, requestLanguage } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';
import { createAuthService } from './service';

export function authRoutes(ctx: IdentityContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const auth = createAuthService(ctx);

  mount(api, identityApi.register, ({ body, req }) =>
    auth.register(body, requestLanguage(req), req.ip ?? 'unknown'),
  );
  mount(api, identityApi.login, ({ body, req }) => auth.login(body, req.ip ?? 'unknown'));
  mount(api, identityApi.me, ({ caller }) => auth.me(caller.id));
  mount(api, identityApi.logout, ({ caller }) => ctx.tokens.revokeToken(caller.tokenId, caller.expiresAt));

  return api.router;
}
