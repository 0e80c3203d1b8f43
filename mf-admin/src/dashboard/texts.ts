/** The admin area's texts for activity, dashboard (namespace `admin`), in English and Egyptian Arabic. */
const en = {
  activity: {
    title: 'Recent activity',
    empty: 'Nothing has happened yet',
    loadFailed: 'Could not load the recent activity',
    partial: 'Some services did not answer; their events are missing.',
    kinds: {
      'user.registered': '{{actor}} registered as {{role}}',
      'user.approved': '{{actor}} ({{role}}) was approved',
      'user.rejected': '{{actor}} ({{role}}) was rejected',
      'user.suspended': '{{actor}} ({{role}}) was suspended',
      'user.two-factor-reset': '{{actor}} reset the two-factor sign-in of {{subject}}',
      'medicine.listed': '{{actor}} listed {{subject}}',
      'medicine.donated': '{{actor}} donated {{subject}}',
      'request.created': '{{actor}} requested {{subject}}',
      'request.approved': '{{actor}} approved a request for {{subject}}',
      'request.rejected': '{{actor}} rejected a request for {{subject}}',
      'request.completed': '{{actor}} collected {{subject}}',
      'request.cancelled': '{{actor}} cancelled a request for {{subject}}',
      'request.ended': 'MedRelay ended a request for {{subject}}',
      'request.disputed': '{{actor}} disputed the collection of {{subject}}',
    },
    unknown: 'Unknown',
  },
  dashboard: {
    title: 'Admin Dashboard',
    subtitle: 'Accounts, listings and requests across MedRelay',
    welcome: 'Hello, {{name}}',
    statsTitle: 'Platform figures',
    stats: {
      totalUsers: 'Total Users',
      pendingApprovals: 'Pending Approvals',
      totalMedicines: 'Medicine Listings',
      totalRequests: 'Total Requests',
    },
  },
};

const ar: typeof en = {
  activity: {
    title: 'آخر النشاطات',
    empty: 'لسه مفيش أي نشاط',
    loadFailed: 'مقدرناش نحمّل آخر النشاطات',
    partial: 'فيه خدمات مردتش؛ نشاطاتها مش ظاهرة.',
    kinds: {
      'user.registered': '{{actor}} سجّل كـ{{role}}',
      'user.approved': 'تمت الموافقة على {{actor}} ({{role}})',
      'user.rejected': 'تم رفض {{actor}} ({{role}})',
      'user.suspended': 'تم إيقاف {{actor}} ({{role}})',
      'user.two-factor-reset': '{{actor}} عمل إعادة ضبط للتحقق بخطوتين بتاع {{subject}}',
      'medicine.listed': '{{actor}} عرض {{subject}}',
      'medicine.donated': '{{actor}} اتبرّع بـ{{subject}}',
      'request.created': '{{actor}} طلب {{subject}}',
      'request.approved': '{{actor}} وافق على طلب {{subject}}',
      'request.rejected': '{{actor}} رفض طلب {{subject}}',
      'request.completed': '{{actor}} استلم {{subject}}',
      'request.cancelled': '{{actor}} لغى طلب {{subject}}',
      'request.ended': 'MedRelay أنهى طلب {{subject}}',
      'request.disputed': '{{actor}} اعترض على تسليم {{subject}}',
    },
    unknown: 'غير معروف',
  },
  dashboard: {
    title: 'لوحة تحكم مدير النظام',
    subtitle: 'الحسابات والعروض والطلبات على MedRelay كلها',
    welcome: 'أهلاً يا {{name}}',
    statsTitle: 'أرقام المنصة',
    stats: {
      totalUsers: 'إجمالي المستخدمين',
      pendingApprovals: 'في انتظار الموافقة',
      totalMedicines: 'عروض الأدوية',
      totalRequests: 'إجمالي الطلبات',
    },
  },
};

export const dashboardTexts = { en, ar };
