import { identityApi } from '@medrelay/contracts/api-routes';
import { mount, requestLanguage } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';
import { createLinkService } from '../auth/links-service';
import { createSessionService } from '../sessions/service';
import { createAccountService } from './service';

/** The caller's own account: profile fields, language, password (any status may use it). */
export function accountRoutes(ctx: IdentityContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const account = createAccountService(ctx);
  const links = createLinkService(ctx);
  const sessions = createSessionService(ctx);

  mount(api, identityApi.updateProfile, ({ caller, body, req }) =>
    account.update(caller.id, body, requestLanguage(req)),
  );
  mount(api, identityApi.changePassword, async ({ caller, body, req }) => {
    const answer = await account.changePassword(caller, body, ctx.devices.read(req), requestLanguage(req));
    // The other sessions ended; this browser goes on in a new one.
    await sessions.record(answer.token, req);
    return answer;
  });
  mount(api, identityApi.deleteAccount, ({ caller, body, req }) =>
    account.deleteAccount(caller, body.password, requestLanguage(req)),
  );
  mount(api, identityApi.resendVerification, ({ caller, req }) =>
    links.resendVerification(caller.id, requestLanguage(req)),
  );
  mount(api, identityApi.changeEmail, ({ caller, body, req }) =>
    links.changeEmail(caller, body, requestLanguage(req)),
  );
  return api.router;
}
