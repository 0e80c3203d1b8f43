import { identityApi } from '@medrelay/contracts/api-routes';
import { mount, requestLanguage } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';
import { createSessionService } from '../sessions/service';
import { findUserById } from '../users/repo';
import { createTwoFactorService } from './service';

/** The own account's authenticator app: status, adding one (QR code, confirm), new recovery codes, turning it off. */
export function twoFactorRoutes(ctx: IdentityContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const twoFactor = createTwoFactorService(ctx);
  const sessions = createSessionService(ctx);
  const status = async (userId: number) => {
    const user = await findUserById(ctx.pool, userId);
    return twoFactor.status(userId, user!.userType, await ctx.settings.get());
  };

  mount(api, identityApi.twoFactorStatus, ({ caller }) => status(caller.id));
  mount(api, identityApi.twoFactorSetup, ({ caller }) => twoFactor.setup(caller.id));
  // Both changes end every other session: this browser goes on in a new one (as a password change).
  mount(api, identityApi.twoFactorConfirm, async ({ caller, body, req }) => {
    const answer = await twoFactor.confirm(caller, body.password, body.code, requestLanguage(req));
    await sessions.record(answer.token, req);
    return answer;
  });
  mount(api, identityApi.twoFactorDisable, async ({ caller, body, req }) => {
    const answer = await twoFactor.disable(
      caller,
      body.password,
      body.code,
      req.headers['user-agent'],
      requestLanguage(req),
    );
    if (answer.token) await sessions.record(answer.token, req);
    return answer;
  });
  // Sessions go on: the second factor itself is unchanged.
  mount(api, identityApi.twoFactorRecoveryCodes, async ({ caller, body, req }) => ({
    recoveryCodes: await twoFactor.renewRecoveryCodes(
      caller,
      body.password,
      body.code,
      req.headers['user-agent'],
      requestLanguage(req),
    ),
  }));
  return api.router;
}
