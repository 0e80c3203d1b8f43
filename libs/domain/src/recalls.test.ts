import { describe, expect, it } from 'vitest';
import {
  acknowledgementCount,
  holdingOfRequest,
  holdingStatuses,
  holdsPacks,
  recallInstruction,
  recallNoticeRole,
  resendDecision,
} from './recalls';

// a recall reaches every holder of the batch, each told what to do.
describe('who a recall reaches', () => {
  it('counts collected, approved and pending requests as holdings; closed ones hold nothing', () => {
    expect(holdingOfRequest('completed')).toBe('collected');
    expect(holdingOfRequest('approved')).toBe('approved');
    expect(holdingOfRequest('pending')).toBe('requested');
    expect(holdingOfRequest('rejected')).toBeNull();
    expect(holdingOfRequest('cancelled')).toBeNull();
    expect([...holdingStatuses].sort()).toEqual(['approved', 'completed', 'pending']);
  });

  it('tells owners and holders to set packs aside, requesters not to collect', () => {
    expect(recallNoticeRole('listed')).toBe('owner');
    expect(recallNoticeRole('collected')).toBe('holder');
    expect(recallNoticeRole('approved')).toBe('requester');
    expect(recallNoticeRole('requested')).toBe('requester');
    expect(holdsPacks(['requested', 'collected'])).toBe(true);
    expect(holdsPacks(['approved', 'requested'])).toBe(false);
  });

  it('leaves dispensing to pharmacies: an NGO acts through its pharmacist, a donor hands packs to a pharmacy', () => {
    expect(recallInstruction('pharmacy')).toBe('pharmacy');
    expect(recallInstruction('ngo')).toBe('ngoPharmacist');
    expect(recallInstruction('donor')).toBe('donor');
  });
});

describe('acknowledgements and resends', () => {
  it('counts who acknowledged of who was reached', () => {
    expect(
      acknowledgementCount([
        { acknowledgedAt: '2026-11-02T10:00:00Z' },
        { acknowledgedAt: null },
        { acknowledgedAt: new Date() },
        { acknowledgedAt: null },
      ]),
    ).toEqual({ reached: 4, acknowledged: 2 });
    expect(acknowledgementCount([])).toEqual({ reached: 0, acknowledged: 0 });
  });

  it('sends the next round once: the same round again is a duplicate, any other number is stale', () => {
    expect(resendDecision(1, 2)).toBe('send');
    expect(resendDecision(2, 2)).toBe('duplicate');
    expect(resendDecision(2, 4)).toBe('stale');
    expect(resendDecision(3, 2)).toBe('stale');
  });
});
