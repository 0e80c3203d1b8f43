import { settingsUpdateSchema } from '@medrelay/contracts';
import { authenticate, callerOf, requirePermission, validate } from '@medrelay/service-kit';
import { Router } from 'express';
import type { IdentityContext } from '../context';

export function settingsRoutes(ctx: IdentityContext): Router {
  const router = Router();
  const adminOnly = [authenticate(ctx.verifier), requirePermission('settings.manage')];

  router.get('/api/settings', async (_req, res) => {
    res.json(await ctx.settings.getPublic());
  });
  router.get('/api/admin/settings', ...adminOnly, async (_req, res) => {
    res.json(await ctx.settings.get());
  });
  router.put(
    '/api/admin/settings',
    ...adminOnly,
    validate({ body: settingsUpdateSchema }),
    async (req, res) => {
      res.json(await ctx.settings.update(req.body, callerOf(res).id));
    },
  );
  // Clear Cache (System Settings): the copy other services read from Redis is rebuilt from the database.
  router.post(
    '/api/admin/settings/publish',
    authenticate(ctx.verifier),
    requirePermission('cache.clear'),
    async (_req, res) => {
      await ctx.settings.publish();
      res.json({ published: true });
    },
  );
  return router;
}
