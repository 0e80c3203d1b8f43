import type { AdminStats } from '@medrelay/contracts';
import { describe, expect, it } from 'vitest';
import { adminReportCsv, buildAdminReport, platformRates, reportFileName } from './report';

const stats: AdminStats = {
  totalUsers: 10,
  pendingApprovals: 2,
  totalMedicines: 8,
  totalRequests: 6,
  estimatedValueSaved: '450.00',
  usersByType: { pharmacy: 4, ngo: 3, donor: 2, admin: 1 },
  userStatus: { pending: 2, approved: 7, rejected: 1 },
  medicineSources: { pharmacy: 5, donor: 3 },
  medicineExpiry: { fresh: 4, expiring: 3, expired: 1 },
  requestStatus: {
    pending: 0,
    approved: 1,
    rejected: 0,
    completed: 3,
    cancelled: 0,
    disputed: 1,
    calledOff: 1,
  },
  needsOpen: 4,
  needsMet: 2,
  medianHoursToFirstRequest: 5.5,
  unavailable: [],
};
const now = new Date(2026, 10, 22, 9, 30);

describe('admin report (spec §3 downloadable report, §9 formulas)', () => {
  it('has every field of the spec, with value saved = completed × 150 EGP', () => {
    expect(buildAdminReport(stats, 30, now)).toEqual({
      generated: now.toISOString(),
      timeRange: '30 days',
      summary: { totalUsers: 10, totalMedicines: 8, totalRequests: 6, estimatedValueSaved: 450 },
      userBreakdown: { pharmacies: 4, ngos: 3, donors: 2, admins: 1 },
      userStatus: { pending: 2, approved: 7, rejected: 1 },
      medicineBreakdown: { pharmacyListings: 5, donorDonations: 3 },
      medicineExpiry: { fresh: 4, expiring: 3, expired: 1 },
      // Every status: the parts add up to totalRequests.
      requestStatus: {
        pending: 0,
        approved: 1,
        rejected: 0,
        completed: 3,
        cancelled: 0,
        disputed: 1,
        calledOff: 1,
      },
      needs: { open: 4, met: 2, medianHoursToFirstRequest: 5.5 },
    });
  });

  it('keeps a part null when its service did not answer', () => {
    const report = buildAdminReport(
      {
        ...stats,
        totalRequests: null,
        requestStatus: null,
        needsOpen: null,
        needsMet: null,
        medianHoursToFirstRequest: null,
        estimatedValueSaved: null,
        unavailable: ['requests'],
      },
      7,
      now,
    );
    expect(report.requestStatus).toBeNull();
    expect(report.needs).toBeNull();
    expect(report.summary).toMatchObject({ totalRequests: null, estimatedValueSaved: null, totalUsers: 10 });
    expect(adminReportCsv(report)).toContain('summary,totalRequests,\r\n');
  });

  it('names the file by the Cairo day', () => {
    expect(reportFileName(new Date('2026-11-22T10:00:00Z'), 'json')).toBe('medrelay-report-2026-11-22.json');
    // 00:30 in Cairo, still 4 January in UTC.
    expect(reportFileName(new Date('2026-01-04T22:30:00Z'), 'csv')).toBe('medrelay-report-2026-01-05.csv');
  });

  it('writes one CSV row per figure', () => {
    const csv = adminReportCsv(buildAdminReport(stats, 90, now))
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('section,metric,value');
    expect(csv).toContain('report,timeRange,90 days');
    expect(csv).toContain('summary,estimatedValueSaved,450');
    expect(csv).toContain('medicineExpiry,expired,1');
    expect(csv).toContain('requestStatus,disputed,1');
    expect(csv).toContain('requestStatus,calledOff,1');
    expect(csv).toContain('needs,medianHoursToFirstRequest,5.5');
    expect(csv).toHaveLength(3 + 4 + 4 + 3 + 2 + 3 + 7 + 3);
  });

  it('keeps the needs part when no listing was requested yet (median unknown, not 0)', () => {
    const report = buildAdminReport({ ...stats, medianHoursToFirstRequest: null }, 30, now);
    expect(report.needs).toEqual({ open: 4, met: 2, medianHoursToFirstRequest: null });
    expect(adminReportCsv(report)).toContain('needs,medianHoursToFirstRequest,\r\n');
  });

  it('computes the health rates with one decimal and no division by zero', () => {
    expect(platformRates(stats)).toEqual({
      userApprovalRate: 70,
      requestSuccessRate: 50,
      medicineUtilization: 37.5,
    });
    const empty = { ...stats, totalUsers: 0, totalRequests: 0, totalMedicines: 0 };
    expect(platformRates(empty)).toEqual({
      userApprovalRate: 0,
      requestSuccessRate: 0,
      medicineUtilization: 0,
    });
    // The requests service did not answer: its rates are unknown, the identity one is not.
    const noRequests = { ...stats, totalRequests: null, requestStatus: null };
    expect(platformRates(noRequests)).toEqual({
      userApprovalRate: 70,
      requestSuccessRate: null,
      medicineUtilization: null,
    });
  });
});
