import type { Language } from '@medrelay/contracts';

/** The donor area's namespace (`donor`), in English and Egyptian Arabic. */
const en = {
  nav: { dashboard: 'Dashboard' },
  dashboard: {
    title: 'Donor Dashboard',
    subtitle: 'Your donations and the people they reach',
    welcome: 'Welcome back, {{name}}',
  },
};

const ar: typeof en = {
  nav: { dashboard: 'الرئيسية' },
  dashboard: {
    title: 'لوحة تحكم المتبرع',
    subtitle: 'تبرعاتك والناس اللي بتوصلهم',
    welcome: 'أهلاً بيك تاني يا {{name}}',
  },
};

export const texts: Record<Language, typeof en> = { en, ar };
