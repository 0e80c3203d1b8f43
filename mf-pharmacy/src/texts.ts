import type { Language } from '@medrelay/contracts';

/** The pharmacy area's namespace (`pharmacy`), in English and Egyptian Arabic. */
const en = {
  nav: { dashboard: 'Dashboard' },
  dashboard: {
    title: 'Pharmacy Dashboard',
    subtitle: 'Manage your near-expiry stock and transfers',
    welcome: 'Welcome back, {{name}}',
  },
};

const ar: typeof en = {
  nav: { dashboard: 'الرئيسية' },
  dashboard: {
    title: 'لوحة تحكم الصيدلية',
    subtitle: 'تابع مخزونك اللي قربت صلاحيته تخلص والتحويلات',
    welcome: 'أهلاً بيك تاني يا {{name}}',
  },
};

export const texts: Record<Language, typeof en> = { en, ar };
