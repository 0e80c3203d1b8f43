import type { ArabicPlurals } from '@medrelay/i18n';

/** The admin area's texts for users, noShows, approvals (namespace `admin`), in English and Egyptian Arabic. */
const en = {
  users: {
    title: 'User Approvals',
    subtitle: 'Review, approve and suspend accounts',
    search: 'Search by name, e-mail or organization',
    type: 'Account type',
    status: 'Status',
    all: 'All',
    found_one: '{{count}} account',
    found_other: '{{count}} accounts',
    empty: 'No accounts match these filters',
    loadFailed: 'Could not load the accounts',
    actions: { approve: 'Approve', reject: 'Reject', suspend: 'Suspend', reapprove: 'Re-approve' },
    confirm: {
      approve: 'Approve {{name}}? They can use MedRelay at once and get an e-mail.',
      reject:
        'Reject {{name}}? They cannot sign in, and are e-mailed the reason you choose: they may correct their details and apply again.',
      suspend:
        'Suspend {{name}}? They are signed out at once and cannot sign in again until re-approved. Their open requests and agreed pickups end for good (re-approving does not bring them back), and the other party of each is told.',
      reapprove: 'Approve {{name}} again? They can sign in and use MedRelay again.',
      approveUnverified:
        'The e-mail address of {{name}} is not confirmed yet: nobody has shown it is theirs. Approve anyway? They can use MedRelay at once and get an e-mail.',
    },
    updated: 'User status updated',
    updateFailed: 'Failed to update user',
    rejectReason: 'Why',
    chooseReason: 'Choose a reason',
    /** Why a registration is rejected (contracts `registrationRejectionReasons`); the applicant is told. */
    rejectReasons: {
      detailsUnverifiable: 'The commercial licence or registration details could not be verified',
      notEligible: 'Not eligible: MedRelay is for pharmacies, NGOs with a pharmacist and donors in Egypt',
      duplicate: 'This organisation already has an account',
      other: 'Another reason (they are asked to write to you)',
    },
    appliedAgain: 'Applied again after: {{reason}}',
  },
  noShows: {
    counts: '{{asRequester}} as requester, {{asOwner}} as owner',
    badge_one: '{{count}} missed pickup',
    badge_other: '{{count}} missed pickups',
  },
  licenses: {
    title_one: "{{count}} pharmacist's licence to review",
    title_other: "{{count}} pharmacist's licences to review",
    subtitle:
      "These NGOs added their pharmacist's licence number after their account was approved. Until you accept it they receive pharmacies' stock but no donor's medicine. Check the number with the Pharmacists Syndicate first.",
    number: 'Licence number',
    reason: 'If refused, why',
    reasons: {
      notRegistered: 'No pharmacist registered with this number',
      notThisOrganization: 'The pharmacist does not work for this NGO',
      notPracticing: 'Licence suspended, expired or not for practice',
    },
    accept: 'Accept licence',
    reject: 'Refuse licence',
    confirmAccept:
      "Accept licence {{license}} for {{organization}}? Donors' medicines will reach it through this pharmacist.",
    confirmReject:
      'Refuse licence {{license}} of {{organization}}? The number is removed and the NGO is told why: {{reason}}.',
    accepted: 'Licence accepted',
    rejected: 'Licence refused; the NGO was told why',
    acceptFailed: 'Failed to accept the licence',
    rejectFailed: 'Failed to refuse the licence',
  },
  approvals: {
    title: 'Pending user approvals',
    empty: 'No accounts are waiting for approval',
    viewAll: 'View all {{count}}',
    loadFailed: 'Could not load the pending accounts',
    details: 'Details',
    detailsTitle: 'Account details',
    approve: 'Approve',
    reject: 'Reject',
    approved: 'User approved successfully',
    rejected: 'User rejected',
    approveFailed: 'Failed to approve user',
    rejectFailed: 'Failed to reject user',
    emailVerified: 'E-mail confirmed',
    emailUnverified: 'E-mail not confirmed',
    fields: {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      userType: 'Account type',
      status: 'Status',
      address: 'Address',
      commercialLicense: 'Commercial License',
      licenseDocument: 'License document',
      verificationDocuments: 'Verification documents',
      organizationName: 'Organization Name',
      commercialNumber: 'Commercial Number',
      pharmacistLicense: "Pharmacist's Licence Number",
      registered: 'Registered',
      noShows: 'Missed pickups',
    },
  },
};

const ar: typeof en & {
  users: ArabicPlurals<'found'>;
  noShows: ArabicPlurals<'badge'>;
  licenses: ArabicPlurals<'title'>;
} = {
  users: {
    title: 'موافقات المستخدمين',
    subtitle: 'راجع الحسابات ووافق عليها أو أوقفها',
    search: 'دوّر بالاسم أو الإيميل أو اسم الجمعية',
    type: 'نوع الحساب',
    status: 'الحالة',
    all: 'الكل',
    found_zero: 'مفيش حسابات',
    found_one: 'حساب واحد',
    found_two: 'حسابين',
    found_few: '{{count}} حسابات',
    found_many: '{{count}} حساب',
    found_other: '{{count}} حساب',
    empty: 'مفيش حسابات بالفلاتر دي',
    loadFailed: 'مقدرناش نحمّل الحسابات',
    actions: { approve: 'موافقة', reject: 'رفض', suspend: 'إيقاف', reapprove: 'إعادة الموافقة' },
    confirm: {
      approve: 'توافق على {{name}}؟ هيقدر يستخدم MedRelay على طول وهيوصله إيميل.',
      reject:
        'ترفض {{name}}؟ مش هيقدر يسجّل دخول، وهيوصله إيميل بالسبب اللي هتختاره: يقدر يصلّح بياناته ويقدّم تاني.',
      suspend:
        'توقف {{name}}؟ هيخرج من حسابه فوراً ومش هيقدر يدخل تاني غير لما توافق عليه. طلباته المفتوحة ومواعيد الاستلام المتفق عليها هتتلغي نهائياً (ومش هترجع لو وافقت عليه تاني)، والطرف التاني في كل واحد فيهم هيتبلّغ.',
      reapprove: 'توافق على {{name}} تاني؟ هيقدر يدخل ويستخدم MedRelay من جديد.',
      approveUnverified:
        'إيميل {{name}} لسه متأكّدش: محدش أثبت إنه بتاعه. توافق برضه؟ هيقدر يستخدم MedRelay على طول وهيوصله إيميل.',
    },
    updated: 'تم تحديث حالة المستخدم',
    updateFailed: 'فشل تحديث المستخدم',
    rejectReason: 'السبب',
    chooseReason: 'اختار السبب',
    rejectReasons: {
      detailsUnverifiable: 'مقدرناش نتأكد من الترخيص التجاري أو بيانات التسجيل',
      notEligible: 'مش من الفئات اللي المنصة معمولة لها: صيدليات وجمعيات معاها صيدلي ومتبرعين في مصر',
      duplicate: 'الجهة دي عندها حساب بالفعل',
      other: 'سبب تاني (هنطلب منه يكلّمكم)',
    },
    appliedAgain: 'قدّم تاني بعد رفض سببه: {{reason}}',
  },
  noShows: {
    counts: '{{asRequester}} كصاحب طلب، {{asOwner}} كصاحب دوا',
    badge_zero: '{{count}} ميعاد استلام فات',
    badge_one: 'ميعاد استلام واحد فات',
    badge_two: 'ميعادين استلام فاتوا',
    badge_few: '{{count}} مواعيد استلام فاتت',
    badge_many: '{{count}} ميعاد استلام فات',
    badge_other: '{{count}} ميعاد استلام فات',
  },
  licenses: {
    title_zero: 'مفيش أرقام ترخيص صيادلة للمراجعة',
    title_one: 'رقم ترخيص صيدلي واحد للمراجعة',
    title_two: 'رقمين ترخيص صيادلة للمراجعة',
    title_few: '{{count}} أرقام ترخيص صيادلة للمراجعة',
    title_many: '{{count}} رقم ترخيص صيدلي للمراجعة',
    title_other: '{{count}} رقم ترخيص صيدلي للمراجعة',
    subtitle:
      'الجمعيات دي ضافت رقم ترخيص الصيدلي بعد ما حسابها اتوافق عليه. لحد ما توافق عليه، بتستلم أدوية الصيدليات بس ومش بيوصلها دوا من متبرعين. راجع الرقم مع نقابة الصيادلة الأول.',
    number: 'رقم الترخيص',
    reason: 'لو هترفض، ليه',
    reasons: {
      notRegistered: 'مفيش صيدلي متسجل بالرقم ده',
      notThisOrganization: 'الصيدلي مش شغال مع الجمعية دي',
      notPracticing: 'الترخيص موقوف أو منتهي أو مش ترخيص مزاولة',
    },
    accept: 'قبول الترخيص',
    reject: 'رفض الترخيص',
    confirmAccept:
      'تقبل الترخيص {{license}} لـ {{organization}}؟ أدوية المتبرعين هتوصلها عن طريق الصيدلي ده.',
    confirmReject:
      'ترفض الترخيص {{license}} بتاع {{organization}}؟ الرقم هيتشال والجمعية هيوصلها السبب: {{reason}}.',
    accepted: 'الترخيص اتقبل',
    rejected: 'الترخيص اترفض، والجمعية وصلها السبب',
    acceptFailed: 'مقدرناش نقبل الترخيص',
    rejectFailed: 'مقدرناش نرفض الترخيص',
  },
  approvals: {
    title: 'حسابات في انتظار الموافقة',
    empty: 'مفيش حسابات مستنية موافقة',
    viewAll: 'اعرض الـ {{count}} كلهم',
    loadFailed: 'مقدرناش نحمّل الحسابات المستنية',
    details: 'التفاصيل',
    detailsTitle: 'بيانات الحساب',
    approve: 'موافقة',
    reject: 'رفض',
    approved: 'تمت الموافقة على المستخدم',
    rejected: 'تم رفض المستخدم',
    approveFailed: 'فشلت الموافقة على المستخدم',
    rejectFailed: 'فشل رفض المستخدم',
    emailVerified: 'الإيميل متأكّد',
    emailUnverified: 'الإيميل لسه متأكّدش',
    fields: {
      name: 'الاسم',
      email: 'الإيميل',
      phone: 'رقم التليفون',
      userType: 'نوع الحساب',
      status: 'الحالة',
      address: 'العنوان',
      commercialLicense: 'رقم الترخيص التجاري',
      licenseDocument: 'مستند الترخيص',
      verificationDocuments: 'مستندات التحقق',
      organizationName: 'اسم الجمعية',
      commercialNumber: 'رقم السجل التجاري',
      pharmacistLicense: 'رقم ترخيص الصيدلي',
      registered: 'تاريخ التسجيل',
      noShows: 'مواعيد استلام فاتت',
    },
  },
};

export const usersTexts = { en, ar };
