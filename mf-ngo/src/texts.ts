import type { Language } from '@medrelay/contracts';

/** The ngo area's namespace (`ngo`), in English and Egyptian Arabic. */
const en = {
  nav: { dashboard: 'Dashboard' },
  dashboard: {
    title: 'NGO Dashboard',
    subtitle: 'Find medicines for the people you serve',
    welcome: 'Welcome back, {{name}}',
  },
};

const ar: typeof en = {
  nav: { dashboard: 'الرئيسية' },
  dashboard: {
    title: 'لوحة تحكم الجمعية',
    subtitle: 'لاقي الأدوية للناس اللي بتخدمهم',
    welcome: 'أهلاً بيك تاني يا {{name}}',
  },
};

export const texts: Record<Language, typeof en> = { en, ar };
