import { describe, expect, it } from 'vitest';
import { handoverStates, requestStatuses } from '@medrelay/contracts';
import { countsTowardNeed, countsTowardNeedSql, isNeedMet, needSettlement } from './needs';

/** When a need is met ("Needs that close the loop"). */
describe('needs met by their requests', () => {
  it('counts pending, approved and completed requests; never cancelled or rejected ones', () => {
    const counted = requestStatuses.filter((status) => countsTowardNeed({ status, handover: null }));
    expect(counted).toEqual(['pending', 'approved', 'completed']);
  });

  it('counts a collection handed over, never one its owner disputed', () => {
    const counts = handoverStates.filter((handover) => countsTowardNeed({ status: 'completed', handover }));
    expect(counts).toEqual(['code', 'unconfirmed', 'confirmed']);
  });

  it('is met once the counted quantity reaches the minimum; accept-up-to plays no part', () => {
    expect(isNeedMet({ minQuantity: 10 }, 9)).toBe(false);
    expect(isNeedMet({ minQuantity: 10 }, 10)).toBe(true);
    expect(isNeedMet({ minQuantity: 10 }, 50)).toBe(true);
  });

  it('closes an open need that is met, reopens one closed as met that no longer is', () => {
    const need = { minQuantity: 10 } as const;
    const cases = [
      { status: 'open', metBy: null, requested: 9, then: null },
      { status: 'open', metBy: null, requested: 10, then: 'close' },
      { status: 'closed', metBy: 'requests', requested: 10, then: null },
      { status: 'closed', metBy: 'requests', requested: 4, then: 'reopen' },
      // Closed by its owner: stays closed whatever its requests do.
      { status: 'closed', metBy: 'owner', requested: 0, then: null },
      { status: 'closed', metBy: 'owner', requested: 12, then: null },
    ] as const;
    expect(cases.map((c) => needSettlement({ ...need, ...c }, c.requested))).toEqual(
      cases.map((c) => c.then),
    );
  });

  it('reads the same rule in SQL, by the aliases given', () => {
    expect(countsTowardNeedSql('q', 'w')).toBe(
      "(q.status IN ('pending', 'approved', 'completed') AND q.handover IS DISTINCT FROM 'disputed' AND q.created_at >= w.counted_since)",
    );
  });
});
