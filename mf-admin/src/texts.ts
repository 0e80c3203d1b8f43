import type { Language } from '@medrelay/contracts';

/** The admin area's namespace (`admin`), in English and Egyptian Arabic. */
const en = {
  nav: { dashboard: 'Dashboard' },
  dashboard: {
    title: 'Admin Dashboard',
    subtitle: 'Accounts, listings and requests across MedRelay',
    welcome: 'Welcome back, {{name}}',
  },
};

const ar: typeof en = {
  nav: { dashboard: 'الرئيسية' },
  dashboard: {
    title: 'لوحة تحكم مدير النظام',
    subtitle: 'الحسابات والعروض والطلبات على MedRelay كلها',
    welcome: 'أهلاً بيك تاني يا {{name}}',
  },
};

export const texts: Record<Language, typeof en> = { en, ar };
