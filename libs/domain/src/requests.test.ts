import { describe, expect, it } from 'vitest';
import { handoverStates, requestStatuses, type RequestStatus } from '@medrelay/contracts';
import {
  isCalledOff,
  mayMove,
  requestMoves,
  requestMovesFor,
  requestStatusFilterSql,
  statusChangeMove,
  type RequestMoveName,
} from './requests';

describe('the request life cycle (spec §4): one transition table', () => {
  it('lets the owner decide and the requester cancel, then hand over by code or collect', () => {
    expect(statusChangeMove({ status: 'pending' }, 'approved', 'owner')).toBe('approve');
    expect(statusChangeMove({ status: 'pending' }, 'rejected', 'owner')).toBe('reject');
    expect(statusChangeMove({ status: 'pending' }, 'cancelled', 'requester')).toBe('cancel');
    expect(statusChangeMove({ status: 'approved' }, 'completed', 'requester')).toBe('collect');
    expect(mayMove('handOver', { status: 'approved' }, 'owner')).toBe(true);
    // A pickup either party can no longer keep is called off rather than left to lapse.
    expect(statusChangeMove({ status: 'approved' }, 'cancelled', 'requester')).toBe('cancel');
    expect(statusChangeMove({ status: 'approved' }, 'rejected', 'owner')).toBe('reject');
  });

  it('refuses every other status change', () => {
    const allowed = new Set([
      'pending>approved:owner',
      'pending>rejected:owner',
      'pending>cancelled:requester',
      'approved>completed:requester',
      'approved>cancelled:requester',
      'approved>rejected:owner',
    ]);
    for (const from of requestStatuses)
      for (const to of requestStatuses)
        for (const party of ['owner', 'requester'] as const)
          expect(Boolean(statusChangeMove({ status: from }, to, party)), `${from}>${to}:${party}`).toBe(
            allowed.has(`${from}>${to}:${party}`),
          );
  });

  it('keeps the pickup moves inside an approved request, each to its side', () => {
    for (const [move, side] of [
      ['offerWindows', 'owner'],
      ['acceptProposal', 'owner'],
      ['chooseWindow', 'requester'],
      ['proposeWindow', 'requester'],
    ] as const) {
      expect(mayMove(move, { status: 'approved' }, side)).toBe(true);
      expect(mayMove(move, { status: 'approved' }, side === 'owner' ? 'requester' : 'owner')).toBe(false);
      for (const status of requestStatuses.filter((s) => s !== 'approved'))
        expect(mayMove(move, { status }, side), `${move} from ${status}`).toBe(false);
    }
  });

  it('lets only the owner answer a collection marked by the requester, once', () => {
    for (const move of ['confirmCollection', 'disputeCollection'] as const) {
      for (const handover of [...handoverStates, null])
        expect(mayMove(move, { status: 'completed', handover }, 'owner'), `${move} on ${handover}`).toBe(
          handover === 'unconfirmed',
        );
      expect(mayMove(move, { status: 'completed', handover: 'unconfirmed' }, 'requester')).toBe(false);
    }
  });

  it('gives the system only its own moves', () => {
    const system = (Object.keys(requestMoves) as RequestMoveName[]).filter(
      (m) => requestMoves[m].by === 'system',
    );
    expect(system.sort()).toEqual(['cancelForRecall', 'releaseNoShow']);
    expect(mayMove('releaseNoShow', { status: 'approved' }, 'system')).toBe(true);
    expect(mayMove('releaseNoShow', { status: 'completed' }, 'system')).toBe(false);
    expect(mayMove('cancelForRecall', { status: 'pending' }, 'system')).toBe(true);
  });

  it('lists the status buttons a party is offered, all of them moves the table gives', () => {
    expect(requestMovesFor('pending', 'owner')).toEqual(['approved', 'rejected']);
    expect(requestMovesFor('pending', 'requester')).toEqual(['cancelled']);
    expect(requestMovesFor('approved', 'owner')).toEqual(['rejected']);
    expect(requestMovesFor('approved', 'requester')).toEqual(['cancelled', 'completed']);
    for (const from of requestStatuses)
      for (const party of ['owner', 'requester'] as const)
        for (const to of requestMovesFor(from, party) as RequestStatus[])
          expect(statusChangeMove({ status: from }, to, party)).not.toBeNull();
  });
});

describe('a pickup called off, told apart from a rejection or cancellation', () => {
  it('is a request rejected or cancelled after its approval, whoever ended it', () => {
    expect(isCalledOff('rejected', true)).toBe(true);
    expect(isCalledOff('cancelled', true)).toBe(true);
    expect(isCalledOff('rejected', false)).toBe(false);
    expect(isCalledOff('cancelled', null)).toBe(false);
    expect(isCalledOff('approved', true)).toBe(false);
    expect(isCalledOff('completed', true)).toBe(false);
  });

  it('is filtered as its badge reads: Called off apart, Rejected and Cancelled without it', () => {
    const left = 'x.left';
    expect(requestStatusFilterSql(['calledOff'], 'x', left)).toBe(
      "((x.status IN ('rejected', 'cancelled') AND x.left))",
    );
    expect(requestStatusFilterSql(['rejected', 'pending'], 'x', left)).toBe(
      "((x.status = 'rejected' AND NOT x.left) OR x.status = 'pending')",
    );
    expect(() => requestStatusFilterSql(["pending') OR true --" as 'pending'], 'x', left)).toThrow();
  });
});
