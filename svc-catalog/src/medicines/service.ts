import type {
  AdminMedicineQuery,
  BrowseHint,
  Medicine,
  MedicineBrowseQuery,
  MedicineCreate,
  MedicineSource,
  MedicineUpdate,
  ListPageQuery,
  OwnMedicineSummary,
} from '@medrelay/contracts';
import { categoryRefusalMessage, expiringListMax, translate, type Language } from '@medrelay/contracts';
import {
  daysLeft,
  discountAboveOriginal,
  forbiddenCategories,
  livesImpacted,
  mayViewListing,
  visibleRecipientTypes,
  type MedicineCategory,
} from '@medrelay/domain';
import { snappedPoint } from '@medrelay/domain/pickup-points';
import { AppError, httpError, withTransaction, type Caller, type PoolClient } from '@medrelay/service-kit';
import type { CatalogContext } from '../context';
import { recordMedicineChanged } from './events';
import { learnProduct } from '../products/repo';
import { browseViewOf } from './browse-cache';
import { lockBatch, quarantineIfRecalled, type RecalledListing } from '../recalls/repo';
import { recordListingRecalled } from '../recalls/service';
import { listAllMedicines } from './all-medicines-repo';
import { browseMedicines, type BrowseQuery } from './browse-repo';
import type { ListTotal } from './list-totals-repo';
import {
  findMedicine,
  insertMedicine,
  isOpenPackConflict,
  listExpiring,
  listingForViewer,
  listOwnMedicines,
  ownTotals,
  toMedicine,
  updateMedicine,
  type MedicineRow,
} from './repo';

/** A pharmacy lists stock; a donor donates (spec §1). */
function sourceOf(caller: Caller): MedicineSource {
  return caller.role === 'pharmacy' ? 'pharmacy' : 'donor';
}

/**
 * What a donor's listing may carry. No pin, only the area it is collected in: distances from a
 * private person's pin give their home away (libs/domain `sharedPickupPointOf`); the exact place
 * goes to the requester with the approval's pickup offer. And no price asked: a donation is free
 * (a private person does not sell medicine through MedRelay; the donor's form has no such field,
 * and one sent to the API is not kept). The original price stays: the value a donation saved.
 */
function asDonorMay<T extends { pickupPin?: unknown; discountPrice?: unknown }>(caller: Caller, input: T): T {
  if (sourceOf(caller) !== 'donor') return input;
  return {
    ...input,
    ...(input.pickupPin !== undefined ? { pickupPin: null } : {}),
    ...(input.discountPrice !== undefined ? { discountPrice: null } : {}),
  };
}

/** A listing newly under a recall, as the recall's event names it. */
const recalledListing = (row: MedicineRow): RecalledListing => ({
  medicineId: row.id,
  ownerId: row.owner_id,
  name: row.name,
  quantity: row.quantity,
});

/**
 * Runs a write that may list a pack (GTIN + serial) a second time: the partial unique index
 * decides, also between parallel writes, and the loser gets a 409, not a 500.
 */
async function packWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isOpenPackConflict(err)) throw httpError.conflict('PACK_ALREADY_LISTED', 'packAlreadyListed');
    throw err;
  }
}

export function createMedicineService(ctx: CatalogContext) {
  /**
   * The admin's guardrail (Settings → donorForbiddenCategories): 422 CATEGORY_NOT_ALLOWED when
   * a donor lists a category they may not. Read fresh so a saved change applies at once.
   */
  async function checkCategories(caller: Caller, categories: readonly MedicineCategory[]) {
    if (categories.length === 0) return;
    const { donorForbiddenCategories } = await ctx.settings.fresh();
    const refused = forbiddenCategories(sourceOf(caller), categories, donorForbiddenCategories);
    // The message names the first refused category; `details` lists them all.
    if (refused.length > 0)
      throw new AppError(422, 'CATEGORY_NOT_ALLOWED', categoryRefusalMessage[refused[0]!], {
        details: { categories: refused },
      });
  }

  /** Loads a medicine for a change by its owner, locked; 404 when absent, 403 when not theirs. */
  async function ownedForUpdate(client: PoolClient, id: number, caller: Caller) {
    const row = await findMedicine(client, id, true);
    if (!row) throw httpError.notFound('medicineNotFound');
    if (row.owner_id !== caller.id) throw httpError.forbidden('notYourMedicine');
    return row;
  }

  return {
    async create(caller: Caller, given: MedicineCreate): Promise<Medicine> {
      const input = asDonorMay(caller, given);
      await checkCategories(caller, input.categories);
      const row = await packWrite(() =>
        withTransaction(ctx.pool, async (client) => {
          // A recall of this batch issued at the same moment sees this listing, or it sees the recall.
          await lockBatch(client, input.gtin, input.batch);
          const id = await insertMedicine(client, caller.id, sourceOf(caller), input);
          // The first listing of a GTIN teaches the dictionary its name and dosage form.
          if (input.gtin)
            await learnProduct(client, { gtin: input.gtin, name: input.name, type: input.type }, id);
          const recalled = await quarantineIfRecalled(client, id);
          const changed = await recordMedicineChanged(client, id);
          // Its owner is reached like the recall's other holders: told to set the packs aside.
          if (recalled.length) await recordListingRecalled(client, recalled, recalledListing(changed));
          return changed;
        }),
      );
      ctx.outbox.nudge();
      return toMedicine(row);
    },

    async update(
      caller: Caller,
      id: number,
      patch: MedicineUpdate,
      language: Language = 'en',
    ): Promise<Medicine> {
      const row = await packWrite(() =>
        withTransaction(ctx.pool, async (client) => {
          const { quantitySeen, ...changes } = asDonorMay(caller, patch);
          // The batch it will carry, locked before its row (as a recall locks them): see create.
          const before = await findMedicine(client, id);
          await lockBatch(client, changes.gtin ?? before?.gtin, changes.batch ?? before?.batch);
          const current = await ownedForUpdate(client, id, caller);
          if (
            changes.quantity !== undefined &&
            quantitySeen !== undefined &&
            current.quantity !== quantitySeen
          )
            throw new AppError(409, 'MEDICINE_QUANTITY_CHANGED', 'quantityChangedMeanwhile', {
              params: { quantity: current.quantity },
              details: { quantity: current.quantity },
            });
          // Prices edited one at a time are compared with the other as stored.
          const original =
            changes.originalPrice !== undefined ? changes.originalPrice : current.original_price;
          const discount =
            changes.discountPrice !== undefined ? changes.discountPrice : current.discount_price;
          if (discountAboveOriginal(original, discount)) {
            const message = translate('discountAboveOriginal', language);
            throw new AppError(400, 'VALIDATION_FAILED', 'discountAboveOriginal', {
              details: [{ path: 'discountPrice', rule: 'discountAboveOriginal', message }],
            });
          }
          // An expired pack never goes back on offer (nor holds its serial against another's listing).
          const expiry = changes.expiryDate ?? current.expiry_date;
          if (patch.isAvailable === true && daysLeft(expiry, new Date()) <= 0)
            throw new AppError(409, 'MEDICINE_EXPIRED', 'medicineExpiredNoRelist');
          // Checked when categories change or the listing goes back on offer; unlisting always works.
          if (patch.categories !== undefined || patch.isAvailable === true)
            await checkCategories(caller, patch.categories ?? current.categories);
          await updateMedicine(client, id, changes);
          const recalled = await quarantineIfRecalled(client, id);
          const changed = await recordMedicineChanged(client, id);
          // Its open requests are stopped as the recall's other listings' were, listed or not.
          if (recalled.length) await recordListingRecalled(client, recalled, recalledListing(changed));
          return changed;
        }),
      );
      ctx.outbox.nudge();
      return toMedicine(row);
    },

    /** An administrator takes a listing off the market (spec §6 oversight); the owner may list it again. */
    async unlistByAdmin(id: number): Promise<Medicine> {
      const row = await withTransaction(ctx.pool, async (client) => {
        if (!(await findMedicine(client, id, true))) throw httpError.notFound('medicineNotFound');
        await updateMedicine(client, id, { isAvailable: false });
        return recordMedicineChanged(client, id);
      });
      ctx.outbox.nudge();
      return toMedicine(row);
    },

    /** Unlisting keeps the row (requests and history refer to it); it just stops being offered. */
    async unlist(caller: Caller, id: number): Promise<Medicine> {
      return this.update(caller, id, { isAvailable: false });
    },

    async get(caller: Caller, id: number): Promise<Medicine> {
      const row = await findMedicine(ctx.pool, id);
      // Who may see it is the photo's rule too: hidden stock (a suspended owner's) answers as missing.
      if (!row || !mayViewListing(caller, listingForViewer(row)))
        throw httpError.notFound('medicineNotFound');
      return toMedicine(row, row.owner_id === caller.id || caller.role === 'admin');
    },

    async mine(caller: Caller, query: ListPageQuery): Promise<{ items: Medicine[]; total: number }> {
      const { rows, total } = await listOwnMedicines(ctx.pool, caller.id, query);
      return { items: rows.map((row) => toMedicine(row)), total };
    },

    async mySummary(caller: Caller): Promise<OwnMedicineSummary> {
      const totals = await ownTotals(ctx.pool, caller.id);
      return { ...totals, livesImpacted: livesImpacted(totals.units) };
    },

    /** Own stock expiring within `days`, by default the administrator's expiry warning window. */
    async expiring(caller: Caller, days?: number): Promise<{ items: Medicine[]; total: number }> {
      const window = days ?? (await ctx.settings()).expiryWarningDays;
      const { rows, total } = await listExpiring(ctx.pool, caller.id, window, expiringListMax);
      return { items: rows.map((row) => toMedicine(row)), total };
    },

    /**
     * The browse query as it is answered: the point is the one given, else the
     * caller's pickup point (snapped to the grid, so it is part of what kept pages are keyed by);
     * without `sort`, nearest first when there is a point, else expiry order with a hint. Nearest
     * first or a radius without any point is refused (400) in the caller's language. A caller a
     * donor's medicine may not go to (an NGO without a pharmacist) is shown pharmacies' listings
     * only, with a hint; asked for donations only, nothing (`noneOffered`).
     */
    async resolveBrowse(
      caller: Caller,
      query: MedicineBrowseQuery,
      language: Language,
    ): Promise<{ query: BrowseQuery; hints: BrowseHint[]; noneOffered: boolean }> {
      let { lat, lng } = query;
      const browsing = await ctx.browsingCallerOf(caller.id);
      if ((lat === undefined || lng === undefined) && browsing.point)
        ({ lat, lng } = snappedPoint(browsing.point));
      const hasPoint = lat !== undefined && lng !== undefined;
      if (!hasPoint && (query.sort === 'distance' || query.radiusKm !== undefined)) {
        const path = query.sort === 'distance' ? 'sort' : 'radiusKm';
        const message = translate('pointRequiredForDistance', language);
        throw new AppError(400, 'VALIDATION_FAILED', 'pointRequiredForDistance', {
          details: [{ path, rule: 'pointRequiredForDistance', message }],
        });
      }
      const sort = query.sort ?? (hasPoint ? 'distance' : 'expiry');
      const hints: BrowseHint[] = hasPoint ? [] : ['set-point'];
      let source = query.source;
      let noneOffered = false;
      if (!browsing.receivesDonations) {
        hints.push('pharmacist-required');
        noneOffered = query.source === 'donor';
        source = 'pharmacy';
      }
      return {
        query: hasPoint ? { ...query, source, sort, lat: lat!, lng: lng! } : { ...query, source, sort },
        hints,
        noneOffered,
      };
    },

    /** A page of browse, with until when it stays right if nothing changes (`expiresAt`, ms). */
    async browse(
      caller: Caller,
      query: BrowseQuery,
    ): Promise<{ items: Medicine[]; expiresAt: number; stillRight?: () => Promise<boolean> } & ListTotal> {
      const { rows, ...total } = await browseMedicines(
        ctx.pool,
        caller.id,
        visibleRecipientTypes(caller.role),
        query,
        {
          exactTotalUpTo: ctx.config.EXACT_TOTAL_UP_TO,
          memo: ctx.browseMemo,
          view: browseViewOf(caller),
          indexOnlyDb: ctx.indexOnlyPool,
        },
      );
      // Others' listings only: a donor's name stays with the donor until an approval.
      return { items: rows.map((row) => toMedicine(row, false)), ...total };
    },

    async all(query: AdminMedicineQuery): Promise<{ items: Medicine[] } & Partial<ListTotal>> {
      const { expiryWarningDays } = await ctx.settings();
      const { rows, ...total } = await listAllMedicines(
        ctx.pool,
        query,
        expiryWarningDays,
        ctx.config.EXACT_TOTAL_UP_TO,
      );
      return { items: rows.map((row) => toMedicine(row)), ...total };
    },
  };
}
