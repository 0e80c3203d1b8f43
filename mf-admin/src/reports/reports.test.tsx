// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminStats } from '@medrelay/contracts';
import { publicSettingsKey } from '@medrelay/api-client';
import { renderInRemote } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import { Reports } from './reports';

const stats: AdminStats = {
  totalUsers: 10,
  pendingApprovals: 2,
  totalMedicines: 8,
  totalRequests: 10,
  estimatedValueSaved: '300.00',
  usersByType: { pharmacy: 4, ngo: 3, donor: 2, admin: 1 },
  userStatus: { pending: 2, approved: 7, rejected: 1 },
  medicineSources: { pharmacy: 5, donor: 3 },
  medicineExpiry: { fresh: 4, expiring: 3, expired: 1 },
  requestStatus: {
    pending: 1,
    approved: 2,
    rejected: 1,
    completed: 2,
    cancelled: 3,
    disputed: 1,
    calledOff: 0,
  },
  needsOpen: 5,
  needsMet: 2,
  medianHoursToFirstRequest: 3.5,
  unavailable: [],
};

describe('Request Status Distribution', () => {
  it('shows Cancelled and disputed collections, so its parts add up to Total Requests, in both languages', async () => {
    for (const [language, panel, cancelled, disputed] of [
      ['en', 'Request Status Distribution', 'Cancelled', 'Collection disputed'],
      ['ar', 'توزيع حالات الطلبات', 'ملغي', 'تسليم عليه اعتراض'],
    ] as const) {
      const { unmount } = await renderInRemote(<Reports />, {
        role: 'admin',
        language,
        texts,
        queryFn: async ({ queryKey }) => {
          if (queryKey[0] === '/api/admin/stats') return stats;
          throw new Error(`unexpected ${String(queryKey[0])}`);
        },
      });
      const list = await screen.findByRole('list', { name: panel });
      const meters = within(list).getAllByRole('meter');
      const parts = meters.map((m) => Number(m.getAttribute('aria-valuenow')));
      expect(parts.reduce((a, b) => a + b, 0)).toBe(stats.totalRequests);
      expect(within(list).getByRole('meter', { name: cancelled }).getAttribute('aria-valuenow')).toBe('3');
      expect(within(list).getByRole('meter', { name: disputed }).getAttribute('aria-valuenow')).toBe('1');
      unmount();
    }
  });
});

describe('Wanted lists figures', () => {
  it('shows needs open, needs met and the median hours to a first request, in both languages', async () => {
    for (const [language, panel, median] of [
      ['en', 'Wanted lists', '3.5 h'],
      ['ar', 'قوايم الاحتياجات', '3.5 ساعة'],
    ] as const) {
      const { unmount } = await renderInRemote(<Reports />, {
        role: 'admin',
        language,
        texts,
        queryFn: async () => stats,
      });
      const region = await screen.findByRole('region', { name: panel });
      expect(within(region).getByTestId('needs-open').textContent).toBe('5');
      expect(within(region).getByTestId('needs-met').textContent).toBe('2');
      expect(within(region).getByTestId('needs-medianToFirstRequest').textContent).toBe(median);
      unmount();
    }
  });

  it('says so when no listing was requested yet, and "not available" when svc-requests is silent', async () => {
    const { unmount } = await renderInRemote(<Reports />, {
      role: 'admin',
      language: 'en',
      texts,
      queryFn: async () => ({ ...stats, medianHoursToFirstRequest: null }),
    });
    const region = await screen.findByRole('region', { name: 'Wanted lists' });
    expect(within(region).getByTestId('needs-medianToFirstRequest').textContent).toBe(
      'No listing requested yet',
    );
    unmount();
    await renderInRemote(<Reports />, {
      role: 'admin',
      language: 'en',
      texts,
      queryFn: async () => ({ ...stats, needsOpen: null, needsMet: null, unavailable: ['requests'] }),
    });
    const silent = await screen.findByRole('region', { name: 'Wanted lists' });
    expect(within(silent).getByText('Not available')).toBeTruthy();
  });
});

describe('Medicine Expiry Status', () => {
  it('names the Expiry Warning Days setting the counts use, not a fixed 30, in both languages', async () => {
    for (const [language, panel, fresh, expiring] of [
      ['en', 'Medicine Expiry Status', 'Fresh (more than 45 days)', 'Expiring Soon (45 days or fewer)'],
      ['ar', 'حالة صلاحية الأدوية', 'صالح (أكتر من 45 يوم)', 'صلاحيته قربت تخلص (45 يوم أو أقل)'],
    ] as const) {
      const { client, unmount } = await renderInRemote(<Reports />, {
        role: 'admin',
        language,
        texts,
        queryFn: async ({ queryKey }) => {
          if (queryKey[0] === '/api/admin/stats') return stats;
          throw new Error(`unexpected ${String(queryKey[0])}`);
        },
      });
      client.setQueryData(publicSettingsKey, {
        ...client.getQueryData<object>(publicSettingsKey),
        expiryWarningDays: 45,
      });
      const list = await screen.findByRole('list', { name: panel });
      expect(within(list).getByRole('meter', { name: fresh }).getAttribute('aria-valuenow')).toBe('4');
      expect(within(list).getByRole('meter', { name: expiring }).getAttribute('aria-valuenow')).toBe('3');
      unmount();
    }
  });
});
