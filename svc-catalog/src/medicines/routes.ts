import {
  adminMedicineQuerySchema,
  expiringQuerySchema,
  idParam,
  medicineBrowseQuerySchema,
  medicineCreateSchema,
  listPageQuerySchema,
  medicineUpdateSchema,
  type AdminMedicineQuery,
  type ListPageQuery,
  type MedicineBrowseQuery,
} from '@medrelay/contracts';
import {
  authenticate,
  callerOf,
  requireApproved,
  requirePermission,
  sendPage,
  validate,
} from '@medrelay/service-kit';
import { Router, type Response } from 'express';
import type { CatalogContext } from '../context';
import { createMedicineService } from './service';

const idOf = (res: Response) => (res.locals.params as { id: number }).id;

export function medicineRoutes(ctx: CatalogContext): Router {
  const router = Router();
  const medicines = createMedicineService(ctx);
  const signedIn = [authenticate(ctx.verifier), requireApproved];
  const owners = [...signedIn, requirePermission('medicine.create')];

  router.post('/api/medicines', ...owners, validate({ body: medicineCreateSchema }), async (req, res) => {
    res.status(201).json(await medicines.create(callerOf(res), req.body));
  });

  router.get(
    '/api/medicines/my',
    ...signedIn,
    requirePermission('medicine.viewOwn'),
    validate({ query: listPageQuerySchema }),
    async (_req, res) => {
      sendPage(res, await medicines.mine(callerOf(res), res.locals.query as ListPageQuery));
    },
  );

  router.get(
    '/api/medicines/my/summary',
    ...signedIn,
    requirePermission('medicine.viewOwn'),
    async (_req, res) => {
      res.json(await medicines.mySummary(callerOf(res)));
    },
  );

  // Every signed-in role has the header's expiry bell; roles without stock get an empty list.
  router.get(
    '/api/medicines/expiring',
    ...signedIn,
    validate({ query: expiringQuerySchema }),
    async (_req, res) => {
      sendPage(res, await medicines.expiring(callerOf(res), (res.locals.query as { days: number }).days));
    },
  );

  router.get(
    '/api/medicines',
    ...signedIn,
    requirePermission('medicine.browse'),
    validate({ query: medicineBrowseQuerySchema }),
    async (_req, res) => {
      sendPage(res, await medicines.browse(callerOf(res), res.locals.query as MedicineBrowseQuery));
    },
  );

  router.get('/api/medicines/:id', ...signedIn, validate({ params: idParam }), async (_req, res) => {
    res.json(await medicines.get(callerOf(res), idOf(res)));
  });

  router.put(
    '/api/medicines/:id',
    ...owners,
    validate({ params: idParam, body: medicineUpdateSchema }),
    async (req, res) => {
      res.json(await medicines.update(callerOf(res), idOf(res), req.body));
    },
  );

  router.delete('/api/medicines/:id', ...owners, validate({ params: idParam }), async (_req, res) => {
    res.json(await medicines.unlist(callerOf(res), idOf(res)));
  });

  router.get(
    '/api/admin/all-medicines',
    authenticate(ctx.verifier),
    requirePermission('admin.viewAll'),
    validate({ query: adminMedicineQuerySchema }),
    async (_req, res) => {
      sendPage(res, await medicines.all(res.locals.query as AdminMedicineQuery));
    },
  );

  router.put(
    '/api/admin/all-medicines/:id/unlist',
    authenticate(ctx.verifier),
    requirePermission('listing.moderate'),
    validate({ params: idParam }),
    async (_req, res) => {
      res.json(await medicines.unlistByAdmin(idOf(res)));
    },
  );

  return router;
}
