import { identityApi } from '@medrelay/contracts/api-routes';
import { mount, requestLanguage } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';
import { createTwoFactorService } from '../two-factor/service';
import { createLicenseReviewService } from './licenses';
import { createAdminUserService } from './service';

export function adminUserRoutes(ctx: IdentityContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const users = createAdminUserService(ctx);

  // Identity's part of GET /api/admin/stats (the gateway adds the catalog's and requests').
  mount(api, identityApi.userStats, ({ query }) => users.stats(query.days));
  // Its part of the admin dashboard's recent activity (the gateway merges GET /api/admin/activity).
  mount(api, identityApi.userActivity, ({ query }) => users.activity(query.limit));
  mount(api, identityApi.pendingUsers, ({ query }) => users.pending(query));
  mount(api, identityApi.allUsers, ({ query }) => users.list(query));
  // Approve / Reject decide a pending registration only; suspend and reinstate go through /status.
  mount(api, identityApi.approveUser, ({ caller, params }) =>
    users.changeStatus(caller.id, params.id, 'approved', {}),
  );
  // A rejection says why (told to the registrant, shown if it applies again).
  mount(api, identityApi.rejectUser, ({ caller, params, body }) =>
    users.changeStatus(caller.id, params.id, 'rejected', { reason: body.reason }),
  );
  // Pharmacist's licences NGOs added after their review, for an administrator to accept or refuse.
  const licenses = createLicenseReviewService(ctx);
  mount(api, identityApi.pendingPharmacistLicenses, ({ query }) => licenses.waiting(query));
  mount(api, identityApi.acceptPharmacistLicense, ({ params }) => licenses.accept(params.id));
  mount(api, identityApi.rejectPharmacistLicense, ({ params, body }) =>
    licenses.reject(params.id, body.reason),
  );
  mount(api, identityApi.setUserStatus, ({ caller, params, body }) =>
    users.changeStatus(caller.id, params.id, body.status),
  );
  // A user who lost their authenticator and recovery codes: another administrator removes them.
  const twoFactor = createTwoFactorService(ctx);
  mount(api, identityApi.resetUserTwoFactor, async ({ caller, params, body, req }) => {
    await twoFactor.reset(caller, params.id, body.reason, body.password, requestLanguage(req));
    return users.one(params.id);
  });
  return api.router;
}
