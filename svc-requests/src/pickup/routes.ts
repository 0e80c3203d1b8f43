import { requestApi } from '@medrelay/contracts/api-routes';
import { mount, requireInternalSecret } from '@medrelay/service-kit';
import express, { Router } from 'express';
import { z } from 'zod';
import type { RequestsContext } from '../context';
import type { PickupService } from './service';
import type { MovableClock } from './clock';

/** Pickup windows and the admins' no-show counts (#4). */
export function pickupRoutes(ctx: RequestsContext, pickup: PickupService): Router {
  const api = { router: Router(), verifier: ctx.verifier };

  mount(api, requestApi.noShowCounts, ({ query }) => pickup.noShowCounts(query.ids));
  mount(api, requestApi.pickupPlan, ({ caller, params }) => pickup.plan(caller, params.id));
  mount(api, requestApi.offerPickup, ({ caller, params, body }) => pickup.offer(caller, params.id, body));
  mount(api, requestApi.choosePickupWindow, ({ caller, params, body }) =>
    pickup.choose(caller, params.id, body.windowId),
  );
  mount(api, requestApi.proposePickupWindow, ({ caller, params, body }) =>
    pickup.propose(caller, params.id, body),
  );
  mount(api, requestApi.acceptPickupProposal, ({ caller, params }) =>
    pickup.acceptProposal(caller, params.id),
  );

  return api.router;
}

const clockBody = z.object({ now: z.iso.datetime({ offset: true }) }).strict();

/**
 * Test-only (TEST_CLOCK=on, which the service refuses with NODE_ENV=production; closed by the
 * internal secret; the gateway never routes /internal): moves the pickup clock, then promotes
 * the reminders due by it and runs the no-show sweep, so an e2e test moves time instead of sleeping.
 */
export function testClockRoutes(ctx: RequestsContext, pickup: PickupService, clock: MovableClock): Router {
  const router = Router();
  router.use('/internal/test', requireInternalSecret(ctx.config.INTERNAL_SECRET), express.json());
  router.post('/internal/test/clock', async (req, res) => {
    const { now } = clockBody.parse(req.body);
    clock.set(new Date(now));
    const promoted = await pickup.promoteDueReminders();
    const swept = await pickup.sweep();
    res.json({ now: clock.now().toISOString(), promoted, ...swept });
  });
  return router;
}
