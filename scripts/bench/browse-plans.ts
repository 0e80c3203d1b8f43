// What each browse of the mix costs PostgreSQL, whatever any instance keeps: every statement of a
// page under EXPLAIN ANALYZE (planning and execution), summed per browse.
import { medicineBrowseQuerySchema } from '@medrelay/contracts';
import { visibleRecipientTypes } from '@medrelay/domain';
import type { Pool } from '@medrelay/service-kit';
import { browseMedicines } from '@medrelay/svc-catalog/browse-repo';
import { browseMix } from './scenarios';

export interface BrowsePlans {
  browses: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Browses above 5 ms of PostgreSQL time. */
  over5Ms: number;
  worst: { path: string; ms: number }[];
}

type Plan = { 'Planning Time': number; 'Execution Time': number; Plan: unknown };
type Queryable = Pick<Pool, 'query'>;

/**
 * A database for browseMedicines that runs each statement under EXPLAIN ANALYZE first (handing
 * its plan to `onPlan`), then for its rows; transaction control and settings pass through, and a
 * connection taken from it explains on that connection (a walk's `SET LOCAL` applies).
 */
export function explainingDb(pool: Pool, onPlan: (plan: Plan, text: string) => void): Pool {
  const explaining = (target: Queryable) => ({
    async query(statement: string | { text: string; values?: unknown[] }, plainValues?: unknown[]) {
      // A named statement is explained as plain text (its plan is made afresh either way).
      const [text, values] =
        typeof statement === 'string' ? [statement, plainValues] : [statement.text, statement.values];
      if (!/^\s*(EXPLAIN|SET|BEGIN|COMMIT)/.test(text)) {
        const explained = await target.query<{ 'QUERY PLAN': [Plan] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
          values,
        );
        onPlan(explained.rows[0]!['QUERY PLAN'][0], text);
      }
      return target.query(text, values);
    },
  });
  return {
    ...explaining(pool),
    connect: async () => {
      const client = await pool.connect();
      return { ...explaining(client), release: () => client.release() };
    },
  } as unknown as Pool;
}

/** `count` paths of the browse mix as an NGO (`callerId`) sees them, the best of 3 each. */
export async function explainBrowseMix(pool: Pool, callerId: number, count: number): Promise<BrowsePlans> {
  let spent = 0;
  const db = explainingDb(pool, (plan) => {
    spent += plan['Planning Time'] + plan['Execution Time'];
  });
  const measured: { path: string; ms: number }[] = [];
  for (const path of browseMix(count, 7)) {
    const query = medicineBrowseQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      spent = 0;
      await browseMedicines(db, callerId, visibleRecipientTypes('ngo'), {
        ...query,
        sort: query.sort ?? 'expiry',
      });
      best = Math.min(best, spent);
    }
    measured.push({ path, ms: Math.round(best * 100) / 100 });
  }
  const ms = measured.map((m) => m.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return {
    browses: ms.length,
    p50Ms: at(0.5),
    p90Ms: at(0.9),
    p99Ms: at(0.99),
    maxMs: ms.at(-1)!,
    over5Ms: ms.filter((x) => x > 5).length,
    worst: [...measured].sort((a, b) => b.ms - a.ms).slice(0, 10),
  };
}
