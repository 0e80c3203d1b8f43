import type { AdminStats } from '@medrelay/contracts';
import { cairoDay } from './calendar';
import { estimatedValueSaved, rate } from './stats';

/** The downloadable report of spec §3. A part whose service did not answer is null. */
export interface AdminReport {
  generated: string;
  timeRange: string;
  summary: {
    totalUsers: number | null;
    totalMedicines: number | null;
    totalRequests: number | null;
    estimatedValueSaved: number | null;
  };
  userBreakdown: { pharmacies: number; ngos: number; donors: number; admins: number } | null;
  userStatus: { approved: number; pending: number; rejected: number } | null;
  medicineBreakdown: { pharmacyListings: number; donorDonations: number } | null;
  medicineExpiry: { fresh: number; expiring: number; expired: number } | null;
  /** Every status, cancelled included, so the parts add up to summary.totalRequests. */
  requestStatus: {
    pending: number;
    approved: number;
    rejected: number;
    completed: number;
    cancelled: number;
    /** Collections their owner disputed (not in `completed`). */
    disputed: number;
    /** Pickups called off after their approval (not in `rejected` or `cancelled`). */
    calledOff: number;
  } | null;
  /** Wanted lists: needs open and met, median hours from listing to first request. */
  needs: { open: number; met: number; medianHoursToFirstRequest: number | null } | null;
}

/** Builds the report from the admin statistics of the chosen range (`days`). */
export function buildAdminReport(stats: AdminStats, days: number, now: Date = new Date()): AdminReport {
  const requests = stats.requestStatus;
  return {
    generated: now.toISOString(),
    timeRange: `${days} days`,
    summary: {
      totalUsers: stats.totalUsers,
      totalMedicines: stats.totalMedicines,
      totalRequests: stats.totalRequests,
      estimatedValueSaved: requests ? estimatedValueSaved(requests.completed) : null,
    },
    userBreakdown: stats.usersByType && {
      pharmacies: stats.usersByType.pharmacy,
      ngos: stats.usersByType.ngo,
      donors: stats.usersByType.donor,
      admins: stats.usersByType.admin,
    },
    userStatus: stats.userStatus && { ...stats.userStatus },
    medicineBreakdown: stats.medicineSources && {
      pharmacyListings: stats.medicineSources.pharmacy,
      donorDonations: stats.medicineSources.donor,
    },
    medicineExpiry: stats.medicineExpiry && { ...stats.medicineExpiry },
    requestStatus: requests && {
      pending: requests.pending,
      approved: requests.approved,
      rejected: requests.rejected,
      completed: requests.completed,
      cancelled: requests.cancelled,
      disputed: requests.disputed,
      calledOff: requests.calledOff,
    },
    // The three come from svc-requests together: null together when it did not answer.
    needs:
      stats.needsOpen === null || stats.needsMet === null
        ? null
        : {
            open: stats.needsOpen,
            met: stats.needsMet,
            medianHoursToFirstRequest: stats.medianHoursToFirstRequest,
          },
  };
}

/**
 * The report's file name: prefix plus the date (spec §3), e.g. medrelay-report-2026-11-22; the
 * Cairo day, as every date of the platform, whatever the administrator's computer says.
 */
export function reportFileName(now: Date, extension: 'json' | 'csv'): string {
  return `medrelay-report-${cairoDay(now)}.${extension}`;
}

/** The same report as CSV, one `section,metric,value` row per figure (empty value = unavailable). */
export function adminReportCsv(report: AdminReport): string {
  const rows: string[][] = [
    ['section', 'metric', 'value'],
    ['report', 'generated', report.generated],
    ['report', 'timeRange', report.timeRange],
  ];
  const sections = [
    'summary',
    'userBreakdown',
    'userStatus',
    'medicineBreakdown',
    'medicineExpiry',
    'requestStatus',
    'needs',
  ] as const;
  for (const section of sections) {
    for (const [metric, value] of Object.entries(report[section] ?? {})) {
      rows.push([section, metric, value === null ? '' : String(value)]);
    }
  }
  return `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
}

/**
 * The system health rates of the Platform Impact Summary (spec §9), one decimal; null when a
 * service holding one of its figures did not answer (shown as "—", not as a false 0 %).
 */
export function platformRates(stats: AdminStats) {
  const completed = stats.requestStatus?.completed ?? null;
  const ratio = (part: number | null, whole: number | null) =>
    part === null || whole === null ? null : rate(part, whole);
  return {
    userApprovalRate: ratio(stats.userStatus?.approved ?? null, stats.totalUsers),
    requestSuccessRate: ratio(completed, stats.totalRequests),
    medicineUtilization: ratio(completed, stats.totalMedicines),
  };
}
