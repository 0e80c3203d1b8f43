import { describe, expect, it } from 'vitest';
import { estimateCell } from './browse-repo';
import { cappedTotal, samplePercentOf } from './list-totals-repo';
import type { Db } from './repo';

/**
 * PostgreSQL as a radius list's total sees it: `listings` within the circle, and a 1% sample of
 * the table holding `sampled` of them. Records each statement.
 */
function circleDb(listings: number, sampled: number, statements: string[]): Db {
  return {
    query: async (text: string) => {
      // The table's size (read once a minute for the sample's share): 100,000 listings, a 1% sample.
      if (text.includes('pg_class')) return { rows: [{ n: 100_000 }] };
      statements.push(text);
      if (text.includes('TABLESAMPLE')) return { rows: [{ n: sampled }] };
      return { rows: [{ n: listings, soonest: Infinity }] };
    },
  } as unknown as Db;
}

const radiusOf = (cell: { lat: number; lng: number }) => ({
  radius: { fromCell: `cell ${cell.lat},${cell.lng}` },
});

describe('a radius list estimated once per cell', () => {
  it('gives a large estimate to the other points of its cell without counting, and counts in another cell', async () => {
    const upTo = 100;
    const here = { lat: 30.0444, lng: 31.2357 };
    // 25 km circles: cells 6.25 km wide; 300 m away is the same cell, 20 km away is not.
    const near = { lat: 30.0471, lng: 31.2357 };
    const far = { lat: 30.2244, lng: 31.2357 };
    expect(estimateCell(near, 25)).toEqual(estimateCell(here, 25));
    expect(estimateCell(far, 25)).not.toEqual(estimateCell(here, 25));

    const statements: string[] = [];
    const db = circleDb(upTo + 1, 40, statements);
    const first = await cappedTotal(
      db,
      'FROM catalog.medicines m WHERE here',
      [],
      upTo,
      radiusOf(estimateCell(here, 25)),
    );
    expect(first).toMatchObject({ total: 4000, estimated: true });
    expect(statements).toHaveLength(2); // counted to the limit, then sampled

    statements.length = 0;
    const fromNear = await cappedTotal(
      db,
      'FROM catalog.medicines m WHERE near',
      [],
      upTo,
      radiusOf(estimateCell(near, 25)),
    );
    expect(fromNear).toMatchObject({ total: 4000, estimated: true });
    expect(statements).toEqual([]);

    const fromFar = await cappedTotal(
      db,
      'FROM catalog.medicines m WHERE far',
      [],
      upTo,
      radiusOf(estimateCell(far, 25)),
    );
    expect(fromFar.estimated).toBe(true);
    expect(statements).toHaveLength(2);
  });

  it('counts a point exactly when its cell’s estimate is near the limit', async () => {
    const upTo = 100;
    const cell = radiusOf(estimateCell({ lat: 27.18, lng: 31.18 }, 10));
    const statements: string[] = [];
    // 101 counted and none in the sample: an estimate of 101, too close to the limit to stand for others.
    await cappedTotal(circleDb(upTo + 1, 0, statements), 'FROM catalog.medicines m WHERE a', [], upTo, cell);
    statements.length = 0;
    const other = await cappedTotal(
      circleDb(60, 0, statements),
      'FROM catalog.medicines m WHERE b',
      [],
      upTo,
      cell,
    );
    expect(other).toMatchObject({ total: 60, estimated: false });
    expect(statements).toHaveLength(1);
  });
});

describe('a list already known to be larger than the limit', () => {
  it('is estimated without counting it again', async () => {
    const statements: string[] = [];
    const db = circleDb(0, 3, statements);
    const cell = radiusOf(estimateCell({ lat: 31.2, lng: 29.9 }, 50)).radius;
    const total = await cappedTotal(db, 'FROM catalog.medicines m WHERE kept', [], 100, {
      radius: cell,
      atLeast: 101,
    });
    expect(total).toMatchObject({ total: 300, estimated: true });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('TABLESAMPLE');
    // Never below what is known: a sample finding none leaves the 101 already walked.
    const elsewhere = radiusOf(estimateCell({ lat: 25.7, lng: 32.6 }, 50)).radius;
    const none = await cappedTotal(circleDb(0, 0, []), 'FROM catalog.medicines m WHERE few', [], 100, {
      radius: elsewhere,
      atLeast: 101,
    });
    expect(none).toMatchObject({ total: 101, estimated: true });
  });
});

describe('the sample of a radius estimate', () => {
  it('reads about 1,000 listings whatever the table holds, 1% of a small or unanalysed one', () => {
    expect(samplePercentOf(100_000)).toBe(1);
    expect(samplePercentOf(1_000_000)).toBe(0.1);
    expect(samplePercentOf(3_000_000)).toBe(0.033);
    expect(samplePercentOf(20_000)).toBe(1);
    expect(samplePercentOf(-1)).toBe(1);
  });
});
