import type { Language } from '@medrelay/contracts';

/** The admin area's namespace (`admin`), in English and Egyptian Arabic. */
const en = {
  nav: { dashboard: 'Dashboard' },
  dashboard: {
    title: 'Admin Dashboard',
    subtitle: 'Accounts, listings and requests across MedRelay',
    welcome: 'Welcome back, {{name}}',
  },
  settings: {
    title: 'System Settings',
    subtitle: 'Configure platform settings and preferences',
    loadFailed: 'Could not load the system settings',
    tabs: { general: 'General', notifications: 'Notifications', security: 'Security', system: 'System' },
    fields: {
      systemName: 'System Name',
      adminEmail: 'Administrator Email',
      welcomeMessage: 'Welcome Message',
      expiryWarningDays: 'Expiry Warning Days',
      emailNotifications: 'Email Notifications',
      notifyRegistrations: 'User Registration Notifications',
      notifyExpiry: 'Medicine Expiry Alerts',
      notifyTransactions: 'Transaction Notifications',
      autoApproveUsers: 'Auto-approve Users',
      sessionTimeout: 'Session Timeout (minutes)',
      maxUploadSize: 'Max Upload Size (MB)',
      maintenanceMode: 'Maintenance Mode',
    },
    maintenanceHint: 'Enable maintenance mode to restrict access',
    range: 'From {{min}} to {{max}}',
    resetDefaults: 'Reset to Defaults',
    save: 'Save Settings',
    saved: 'Settings updated',
    savedBody: 'System settings have been saved successfully.',
    saveFailed: 'Failed to update settings',
  },
};

const ar: typeof en = {
  nav: { dashboard: 'الرئيسية' },
  dashboard: {
    title: 'لوحة تحكم مدير النظام',
    subtitle: 'الحسابات والعروض والطلبات على MedRelay كلها',
    welcome: 'أهلاً بيك تاني يا {{name}}',
  },
  settings: {
    title: 'إعدادات النظام',
    subtitle: 'اضبط إعدادات المنصة وتفضيلاتها',
    loadFailed: 'مقدرناش نحمّل إعدادات النظام',
    tabs: { general: 'عام', notifications: 'الإشعارات', security: 'الأمان', system: 'النظام' },
    fields: {
      systemName: 'اسم النظام',
      adminEmail: 'إيميل مدير النظام',
      welcomeMessage: 'رسالة الترحيب',
      expiryWarningDays: 'أيام التنبيه قبل انتهاء الصلاحية',
      emailNotifications: 'إشعارات الإيميل',
      notifyRegistrations: 'إشعارات تسجيل المستخدمين',
      notifyExpiry: 'تنبيهات صلاحية الأدوية',
      notifyTransactions: 'إشعارات الطلبات والتحويلات',
      autoApproveUsers: 'الموافقة التلقائية على المستخدمين',
      sessionTimeout: 'مدة الجلسة (بالدقايق)',
      maxUploadSize: 'أقصى حجم للرفع (ميجا)',
      maintenanceMode: 'وضع الصيانة',
    },
    maintenanceHint: 'فعّل وضع الصيانة عشان تقفل الدخول',
    range: 'من {{min}} لـ {{max}}',
    resetDefaults: 'رجّع الإعدادات الافتراضية',
    save: 'احفظ الإعدادات',
    saved: 'تم تحديث الإعدادات',
    savedBody: 'إعدادات النظام اتحفظت بنجاح.',
    saveFailed: 'فشل تحديث الإعدادات',
  },
};

export const texts: Record<Language, typeof en> = { en, ar };
