import { identityApi } from '@medrelay/contracts/api-routes';
import { mount, requestLanguage } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';
import type { SessionService } from './service';

/** The own account's signed-in browsers: the list, sign out one, sign out all others. */
export function sessionRoutes(ctx: IdentityContext, sessions: SessionService): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  mount(api, identityApi.sessions, ({ caller, req }) =>
    sessions.list(caller.id, caller.tokenId, requestLanguage(req)),
  );
  mount(api, identityApi.endSession, ({ caller, params }) => sessions.endOne(caller.id, params.id));
  mount(api, identityApi.endOtherSessions, ({ caller }) => sessions.endOthers(caller));
  return api.router;
}
