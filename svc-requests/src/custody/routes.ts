import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { requestApi } from '@medrelay/contracts/api-routes';
import { httpError, mount } from '@medrelay/service-kit';
import { stringify } from 'csv-stringify';
import { Router } from 'express';
import type { RequestsContext } from '../context';
import { custodyCsvColumns, custodyCursor, custodyOf, custodyPage, requestParties } from './repo';

/** Rows read from the cursor at a time: memory stays at one batch whatever the range. */
const csvBatchRows = 500;

export function custodyRoutes(ctx: RequestsContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };

  // Its two parties and admins; anyone else learns nothing, not even that the request exists.
  mount(api, requestApi.requestCustody, async ({ caller, params }) => {
    const parties = await requestParties(ctx.pool, params.id);
    const party = parties && (parties.ownerId === caller.id || parties.requesterId === caller.id);
    if (!parties || (!party && caller.role !== 'admin')) throw httpError.notFound('requestNotFound');
    return custodyOf(ctx.pool, params.id);
  });

  mount(api, requestApi.allCustody, ({ query }) => custodyPage(ctx.pool, query));

  /**
   * The CSV is written as the cursor is read, a batch at a time, with the socket's backpressure
   * (pipeline): the range is never built in memory. csv-stringify quotes and escapes fields and
   * neutralises cells a spreadsheet would run as formulas (names are user input).
   */
  mount(api, requestApi.custodyCsv, async ({ query, req, res }) => {
    const client = await ctx.pool.connect();
    const cursor = custodyCursor(client, query.from, query.to);
    async function* rows() {
      for (;;) {
        const batch = await cursor.read(csvBatchRows);
        if (!batch.length) return;
        yield* batch;
      }
    }
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="medrelay-custody-${query.from}-${query.to}.csv"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    try {
      await pipeline(
        Readable.from(rows()),
        stringify({
          header: true,
          bom: true, // Excel reads UTF-8 (Arabic names) only with it
          escape_formulas: true,
          columns: custodyCsvColumns.map(([header, key]) => ({ header, key })),
          cast: { boolean: (value) => (value ? 'yes' : 'no') },
        }),
        res,
      );
    } catch (err) {
      // Headers are gone: a cut download is visibly broken rather than quietly short.
      ctx.logger.warn({ err: (err as Error).message, aborted: req.destroyed }, 'custody csv interrupted');
      res.destroy();
    } finally {
      await cursor.close().catch(() => undefined);
      client.release();
    }
  });

  return api.router;
}
