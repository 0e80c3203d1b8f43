import { identityApi } from '@medrelay/contracts/api-routes';
import { limitKeyOfAddress, mount, requestLanguage } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';
import { newDeviceKey } from '../devices/cookie';
import { createPasskeyService } from '../passkeys/service';
import { createSessionService } from '../sessions/service';
import { endSessions } from '../sessions/repo';
import { createLinkService } from './links-service';
import { createAuthService } from './service';

export function authRoutes(ctx: IdentityContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const auth = createAuthService(ctx);
  const links = createLinkService(ctx);
  const sessions = createSessionService(ctx);
  const passkeys = createPasskeyService(ctx);
  /** A sign-in that answered a token opened a session: recorded with its browser. */
  const opened = async <A extends object>(answer: A, req: Parameters<typeof sessions.record>[1]) => {
    if ('token' in answer && typeof answer.token === 'string') await sessions.record(answer.token, req);
    return answer;
  };

  mount(api, identityApi.register, ({ body, req }) => auth.register(body, requestLanguage(req)));
  mount(api, identityApi.login, async ({ body, req, res }) => {
    const { answer, deviceKey } = await auth.login(body, limitKeyOfAddress(req.ip), ctx.devices.read(req));
    // Renewed at every sign-in: a device in use stays known.
    ctx.devices.issue(res, deviceKey);
    return opened(answer, req);
  });
  mount(api, identityApi.loginTwoFactor, async ({ body, req, res }) => {
    const { answer, deviceKey } = await auth.loginWithCode(
      body.challenge,
      body.code,
      req.headers['user-agent'],
    );
    ctx.devices.issue(res, deviceKey);
    return opened(answer, req);
  });
  mount(api, identityApi.loginEnrolSetup, ({ body }) => auth.loginEnrolSetup(body.challenge));
  mount(api, identityApi.loginEnrol, async ({ body, req, res }) => {
    const { answer, deviceKey } = await auth.loginEnrol(body.challenge, body.code);
    ctx.devices.issue(res, deviceKey);
    return opened(answer, req);
  });
  mount(api, identityApi.loginPasskeyOptions, () => passkeys.signInOptions());
  mount(api, identityApi.loginPasskey, async ({ body, req, res }) => {
    const userId = await passkeys.signIn(body.challenge, body.response as never);
    const { answer, deviceKey } = await auth.loginWithPasskey(userId, ctx.devices.read(req));
    ctx.devices.issue(res, deviceKey);
    return opened(answer, req);
  });
  mount(api, identityApi.unlockRequest, ({ body, req }) =>
    links.requestUnlock(body.email, limitKeyOfAddress(req.ip), ctx.devices.read(req), requestLanguage(req)),
  );
  mount(api, identityApi.unlock, async ({ body, req, res }) => {
    const deviceKey = ctx.devices.read(req) ?? newDeviceKey();
    const answer = await links.unlock(body.token, deviceKey, requestLanguage(req));
    ctx.devices.issue(res, deviceKey);
    return answer;
  });
  mount(api, identityApi.passwordResetRequest, ({ body, req }) =>
    links.requestReset(body.email, limitKeyOfAddress(req.ip), ctx.devices.read(req), requestLanguage(req)),
  );
  mount(api, identityApi.passwordResetConfirm, async ({ body, req, res }) => {
    // The browser that opened the link becomes the account's known one (the others are forgotten).
    const deviceKey = ctx.devices.read(req) ?? newDeviceKey();
    const answer = await links.confirmReset(body.token, body.password, deviceKey, requestLanguage(req));
    ctx.devices.issue(res, deviceKey);
    return answer;
  });
  mount(api, identityApi.verifyEmail, ({ body, req }) => links.verifyEmail(body.token, requestLanguage(req)));
  mount(api, identityApi.me, async ({ caller }) => {
    // The app asks who is signed in whenever it opens: the session's "last seen".
    await sessions.seen(caller.tokenId);
    return auth.me(caller.id);
  });
  mount(api, identityApi.logout, async ({ caller }) => {
    // The session's end first: the durable record Redis's revocation is rebuilt from.
    await endSessions(ctx.pool, caller.id, [caller.tokenId], ctx.clock.now());
    await ctx.tokens.revokeToken(caller.tokenId, caller.expiresAt);
  });

  return api.router;
}
