import type { Language } from '@medrelay/contracts';

/** Texts every app shares: the chrome, roles, statuses, toasts of spec §8 and generic states. */
const en = {
  appName: 'MedRelay',
  loading: 'Loading MedRelay…',
  defaultWelcome:
    'Welcome to MedRelay. Together we reduce medicine waste and improve access to essential medicines in Egypt.',
  language: { label: 'Language', en: 'English', ar: 'العربية', switchTo: 'عربي' },
  header: {
    logout: 'Logout',
    openMenu: 'Open menu',
    alerts: 'Expiry alerts',
    alertsCount_one: '{{count}} medicine expiring soon',
    alertsCount_other: '{{count}} medicines expiring soon',
  },
  alerts: {
    title: 'Expiring medicines',
    urgent: 'Urgent (7 days or fewer)',
    soon: 'Soon (8 to 30 days)',
    empty: 'No medicines expiring soon',
    failed: 'Could not load expiry alerts',
    quantity: 'Qty {{count}}',
  },
  daysLeft: {
    expired: 'Expired',
    today: 'Today',
    tomorrow: 'Tomorrow',
    days_one: '{{count}} day',
    days_other: '{{count}} days',
  },
  userType: { pharmacy: 'Pharmacy', ngo: 'NGO', donor: 'Donor', admin: 'Administrator' },
  status: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
  nav: {
    dashboard: 'Dashboard',
    settings: 'Settings',
    mainNavigation: 'Main navigation',
    skipToContent: 'Skip to content',
  },
  notFound: { title: 'Page Not Found', hint: 'Did you forget to add the page to the router?' },
  actions: {
    retry: 'Try again',
    cancel: 'Cancel',
    save: 'Save',
    close: 'Close',
    confirm: 'Confirm',
    back: 'Back',
    dismiss: 'Dismiss',
  },
  remote: {
    failedTitle: 'This area could not be loaded',
    failedBody: 'The {{role}} screens are unavailable right now. The rest of MedRelay still works.',
  },
  toast: {
    loginSuccess: 'Login successful',
    welcomeBack: 'Welcome back, {{name}}!',
    loginFailed: 'Login failed',
    registrationSuccess: 'Registration successful!',
    registrationFailed: 'Registration failed',
    registrationError: 'An error occurred during registration',
    error: 'An error occurred',
    networkError: 'Network error, please try again',
    unauthorized: 'Unauthorized access',
    forbidden: 'Access forbidden',
    notFound: 'Page not found',
  },
};

type Texts = typeof en;
/** Arabic has more plural forms than English (zero, two, few = 3–10, many = 11–99). */
type ArabicPlurals<K extends string> = Record<`${K}_zero` | `${K}_two` | `${K}_few` | `${K}_many`, string>;

const ar: Texts & { header: ArabicPlurals<'alertsCount'>; daysLeft: ArabicPlurals<'days'> } = {
  appName: 'MedRelay',
  loading: 'جاري تحميل MedRelay…',
  defaultWelcome: 'أهلاً بيك في MedRelay. مع بعض بنقلل هدر الأدوية وبنسهّل الوصول للأدوية الأساسية في مصر.',
  language: { label: 'اللغة', en: 'English', ar: 'العربية', switchTo: 'English' },
  header: {
    logout: 'تسجيل الخروج',
    openMenu: 'افتح القايمة',
    alerts: 'تنبيهات الصلاحية',
    alertsCount_zero: 'مفيش أدوية صلاحيتها قربت تخلص',
    alertsCount_one: 'دوا واحد صلاحيته قربت تخلص',
    alertsCount_two: 'دوائين صلاحيتهم قربت تخلص',
    alertsCount_few: '{{count}} أدوية صلاحيتها قربت تخلص',
    alertsCount_many: '{{count}} دوا صلاحيتهم قربت تخلص',
    alertsCount_other: '{{count}} دوا صلاحيتهم قربت تخلص',
  },
  alerts: {
    title: 'أدوية صلاحيتها قربت تخلص',
    urgent: 'عاجل (7 أيام أو أقل)',
    soon: 'قريب (من 8 لـ 30 يوم)',
    empty: 'مفيش أدوية صلاحيتها قربت تخلص',
    failed: 'مقدرناش نحمّل تنبيهات الصلاحية',
    quantity: 'الكمية {{count}}',
  },
  daysLeft: {
    expired: 'منتهي',
    today: 'النهارده',
    tomorrow: 'بكرة',
    days_zero: '{{count}} يوم',
    days_one: 'يوم واحد',
    days_two: 'يومين',
    days_few: '{{count}} أيام',
    days_many: '{{count}} يوم',
    days_other: '{{count}} يوم',
  },
  userType: { pharmacy: 'صيدلية', ngo: 'جمعية أهلية', donor: 'متبرع', admin: 'مدير النظام' },
  status: { pending: 'في انتظار المراجعة', approved: 'مقبول', rejected: 'مرفوض' },
  nav: {
    dashboard: 'الرئيسية',
    settings: 'الإعدادات',
    mainNavigation: 'القايمة الرئيسية',
    skipToContent: 'انتقل للمحتوى',
  },
  notFound: { title: 'الصفحة مش موجودة', hint: 'يمكن نسيت تضيف الصفحة للـ router؟' },
  actions: {
    retry: 'جرّب تاني',
    cancel: 'إلغاء',
    save: 'حفظ',
    close: 'قفل',
    confirm: 'تأكيد',
    back: 'رجوع',
    dismiss: 'إخفاء',
  },
  remote: {
    failedTitle: 'مقدرناش نحمّل الجزء ده',
    failedBody: 'شاشات {{role}} مش متاحة دلوقتي. باقي MedRelay شغال عادي.',
  },
  toast: {
    loginSuccess: 'تم تسجيل الدخول',
    welcomeBack: 'أهلاً بيك تاني يا {{name}}!',
    loginFailed: 'فشل تسجيل الدخول',
    registrationSuccess: 'تم التسجيل بنجاح!',
    registrationFailed: 'فشل التسجيل',
    registrationError: 'حصل خطأ أثناء التسجيل',
    error: 'حصل خطأ',
    networkError: 'في مشكلة في الشبكة، من فضلك جرّب تاني',
    unauthorized: 'دخول غير مصرح بيه',
    forbidden: 'معندكش صلاحية',
    notFound: 'الصفحة مش موجودة',
  },
};

export const common: Record<Language, Texts> = { en, ar };
