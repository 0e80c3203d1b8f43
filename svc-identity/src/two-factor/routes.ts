import { identityApi } from '@medrelay/contracts/api-routes';
import { mount, requestLanguage } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';
import { findUserById } from '../users/repo';
import { createTwoFactorService, secondFactorWrong } from './service';

/** The own account's authenticator app: status, adding one (QR code, confirm), turning it off. */
export function twoFactorRoutes(ctx: IdentityContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const twoFactor = createTwoFactorService(ctx);
  const status = async (userId: number) => {
    const user = await findUserById(ctx.pool, userId);
    return twoFactor.status(userId, user!.userType, await ctx.settings.get());
  };

  mount(api, identityApi.twoFactorStatus, ({ caller }) => status(caller.id));
  mount(api, identityApi.twoFactorSetup, ({ caller }) => twoFactor.setup(caller.id));
  mount(api, identityApi.twoFactorConfirm, async ({ caller, body }) => {
    const recoveryCodes = await twoFactor.confirm(caller.id, body.code);
    if (!recoveryCodes) throw secondFactorWrong();
    return { recoveryCodes };
  });
  mount(api, identityApi.twoFactorDisable, ({ caller, body, req }) =>
    twoFactor.disable(caller, body.password, requestLanguage(req)),
  );
  return api.router;
}
