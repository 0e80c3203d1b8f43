import { identityApi } from '@medrelay/contracts/api-routes';
import { mount } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';

export function settingsRoutes(ctx: IdentityContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };

  mount(api, identityApi.publicSettings, () => ctx.settings.getPublic());
  mount(api, identityApi.settings, () => ctx.settings.get());
  mount(api, identityApi.updateSettings, ({ caller, body }) => ctx.settings.update(body, caller.id));
  // Clear Cache (System Settings): the copy other services read from Redis is rebuilt from the database.
  mount(api, identityApi.publishSettings, async () => {
    await ctx.settings.publish();
    return { published: true as const };
  });
  return api.router;
}
