/**
 * Egypt's 27 governorates (issue 16): an optional field of registration and profiles, used to rank
 * matches (same governorate first). Keys are stable ASCII; names are what users read.
 */
export const governorates = [
  'cairo',
  'giza',
  'alexandria',
  'qalyubia',
  'sharqia',
  'dakahlia',
  'gharbia',
  'monufia',
  'beheira',
  'kafr-el-sheikh',
  'damietta',
  'port-said',
  'ismailia',
  'suez',
  'faiyum',
  'beni-suef',
  'minya',
  'asyut',
  'sohag',
  'qena',
  'luxor',
  'aswan',
  'red-sea',
  'new-valley',
  'matrouh',
  'north-sinai',
  'south-sinai',
] as const;
export type Governorate = (typeof governorates)[number];

export function isGovernorate(value: unknown): value is Governorate {
  return typeof value === 'string' && (governorates as readonly string[]).includes(value);
}

export const governorateLabels: Record<Governorate, { en: string; ar: string }> = {
  cairo: { en: 'Cairo', ar: 'القاهرة' },
  giza: { en: 'Giza', ar: 'الجيزة' },
  alexandria: { en: 'Alexandria', ar: 'الإسكندرية' },
  qalyubia: { en: 'Qalyubia', ar: 'القليوبية' },
  sharqia: { en: 'Sharqia', ar: 'الشرقية' },
  dakahlia: { en: 'Dakahlia', ar: 'الدقهلية' },
  gharbia: { en: 'Gharbia', ar: 'الغربية' },
  monufia: { en: 'Monufia', ar: 'المنوفية' },
  beheira: { en: 'Beheira', ar: 'البحيرة' },
  'kafr-el-sheikh': { en: 'Kafr El Sheikh', ar: 'كفر الشيخ' },
  damietta: { en: 'Damietta', ar: 'دمياط' },
  'port-said': { en: 'Port Said', ar: 'بورسعيد' },
  ismailia: { en: 'Ismailia', ar: 'الإسماعيلية' },
  suez: { en: 'Suez', ar: 'السويس' },
  faiyum: { en: 'Faiyum', ar: 'الفيوم' },
  'beni-suef': { en: 'Beni Suef', ar: 'بني سويف' },
  minya: { en: 'Minya', ar: 'المنيا' },
  asyut: { en: 'Asyut', ar: 'أسيوط' },
  sohag: { en: 'Sohag', ar: 'سوهاج' },
  qena: { en: 'Qena', ar: 'قنا' },
  luxor: { en: 'Luxor', ar: 'الأقصر' },
  aswan: { en: 'Aswan', ar: 'أسوان' },
  'red-sea': { en: 'Red Sea', ar: 'البحر الأحمر' },
  'new-valley': { en: 'New Valley', ar: 'الوادي الجديد' },
  matrouh: { en: 'Matrouh', ar: 'مطروح' },
  'north-sinai': { en: 'North Sinai', ar: 'شمال سينا' },
  'south-sinai': { en: 'South Sinai', ar: 'جنوب سينا' },
};
