import type { Language } from '@medrelay/contracts';
import { dashboardTexts } from './dashboard/texts';
import { listingsTexts } from './listings/texts';
import { recallsTexts } from './recalls/texts';
import { reportsTexts } from './reports/texts';
import { settingsTexts } from './settings/texts';
import { transactionsTexts } from './transactions/texts';
import { usersTexts } from './users/texts';

/**
 * The admin area's namespace (`admin`), in English and Egyptian Arabic: the sidebar's names
 * here, each screen's texts beside the screen.
 */
const en = {
  nav: {
    dashboard: 'Dashboard',
    users: 'User Approvals',
    listings: 'Listings',
    transactions: 'Transactions',
    reports: 'Reports',
    recalls: 'Recalls',
  },
  ...recallsTexts.en,
  ...dashboardTexts.en,
  ...usersTexts.en,
  ...listingsTexts.en,
  ...transactionsTexts.en,
  ...reportsTexts.en,
  ...settingsTexts.en,
};

const ar: typeof en = {
  nav: {
    dashboard: 'الرئيسية',
    users: 'موافقة الحسابات',
    listings: 'العروض',
    transactions: 'المعاملات',
    reports: 'التقارير',
    recalls: 'سحب التشغيلات',
  },
  ...recallsTexts.ar,
  ...dashboardTexts.ar,
  ...usersTexts.ar,
  ...listingsTexts.ar,
  ...transactionsTexts.ar,
  ...reportsTexts.ar,
  ...settingsTexts.ar,
};

export const texts: Record<Language, typeof en> = { en, ar };
