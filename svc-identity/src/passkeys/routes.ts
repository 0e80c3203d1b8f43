import { identityApi } from '@medrelay/contracts/api-routes';
import { mount, requestLanguage } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';
import { createPasskeyService } from './service';

/** The own account's passkeys: start adding one (with the password), add it, list, remove. */
export function passkeyRoutes(ctx: IdentityContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const passkeys = createPasskeyService(ctx);
  mount(api, identityApi.passkeyOptions, ({ caller, body, req }) =>
    passkeys.registrationOptions(caller, body.password, requestLanguage(req)),
  );
  mount(api, identityApi.addPasskey, ({ caller, body, req }) =>
    passkeys.register(caller.id, body.response as never, req.headers['user-agent']),
  );
  mount(api, identityApi.passkeys, ({ caller }) => passkeys.list(caller.id));
  mount(api, identityApi.deletePasskey, ({ caller, params }) => passkeys.remove(caller.id, params.id));
  return api.router;
}
