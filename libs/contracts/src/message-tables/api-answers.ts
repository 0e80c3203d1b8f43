import { authenticationRequired } from '../session-messages';
import type { Texts } from './texts';

/** Answers of the API other than validation (shown by the browser as toast descriptions, spec §8). */
export const apiAnswerMessages = {
  invalidCredentials: { en: 'Invalid credentials', ar: 'بيانات الدخول مش صحيحة' },
  accountRejected: {
    en: 'This account has been suspended or rejected. Please contact the administrator.',
    ar: 'الحساب ده موقوف أو مرفوض. من فضلك تواصل مع إدارة المنصة.',
  },
  // An account turned down at registration: the rejection e-mail says why and how to apply again.
  registrationRejected: {
    en: 'We could not approve your registration. We have e-mailed you why; if you can correct it, register again with this e-mail address.',
    ar: 'للأسف مقدرناش نوافق على طلب تسجيلك. بعتنالك إيميل فيه السبب؛ لو تقدر تصلّحه، سجّل تاني بنفس الإيميل ده.',
  },
  accountPending: { en: 'Your account is pending approval', ar: 'حسابك لسه مستني الموافقة' },
  accountGone: { en: 'This account no longer exists', ar: 'الحساب ده مبقاش موجود' },
  emailTaken: { en: 'An account with this email already exists', ar: 'فيه حساب متسجل بالإيميل ده قبل كده' },
  registrationPending: {
    en: 'Your account has been created and is pending approval.',
    ar: 'تم إنشاء حسابك، وهو دلوقتي مستني الموافقة.',
  },
  registrationApproved: {
    en: 'Your account has been created and approved. You can sign in now.',
    ar: 'تم إنشاء حسابك وتفعيله، وتقدر تسجل دخول دلوقتي.',
  },
  authenticationRequired,
  sessionInvalid: {
    en: 'Your session is not valid, please sign in again',
    ar: 'الجلسة مش صالحة، من فضلك سجل دخول تاني',
  },
  sessionExpired: {
    en: 'Your session has expired, please sign in again',
    ar: 'الجلسة انتهت، من فضلك سجل دخول تاني',
  },
  sessionEnded: {
    en: 'Your session has ended, please sign in again',
    ar: 'الجلسة اتقفلت، من فضلك سجل دخول تاني',
  },
  accessForbidden: { en: 'Access forbidden', ar: 'معندكش صلاحية تعمل العملية دي' },
  notFound: { en: 'Not found', ar: 'مش موجود' },
  userNotFound: { en: 'User not found', ar: 'المستخدم ده مش موجود' },
  routeNotFound: { en: 'Page not found', ar: 'الصفحة مش موجودة' },
  userAlreadyApproved: { en: 'User is already approved', ar: 'المستخدم ده اتوافق عليه قبل كده' },
  userAlreadyRejected: { en: 'User is already rejected', ar: 'المستخدم ده مرفوض أو موقوف فعلاً' },
  licenseNotWaiting: {
    en: "This NGO has no pharmacist's licence waiting for review (another administrator may have decided it)",
    ar: 'الجمعية دي مفيش عندها رقم ترخيص صيدلي مستني المراجعة (يمكن أدمن تاني راجعه)',
  },
  deletedAccount: { en: 'Deleted account', ar: 'مستخدم محذوف' },
  accountDeletionDonorsOnly: {
    en: 'Only a donor can delete their own account here: a pharmacy or NGO keeps business and legal records (licences, medicine hand-overs). Write to the administrator to close it.',
    ar: 'حذف الحساب من هنا للمتبرعين بس: الصيدلية أو الجمعية عندها سجلات شغل وسجلات قانونية (تراخيص وتسليم أدوية). ابعت للأدمن عشان يقفل الحساب.',
  },
  accountDeleted: {
    en: 'Your account was deleted. We e-mailed you a confirmation.',
    ar: 'حسابك اتمسح. بعتنالك إيميل بالتأكيد.',
  },
  userDeleted: {
    en: 'This account was deleted by its owner: it cannot be approved or reactivated',
    ar: 'الحساب ده صاحبه مسحه: مينفعش يتوافق عليه أو يتفعّل تاني',
  },
  selfStatusChange: {
    en: 'You cannot change the status of your own account',
    ar: 'مينفعش تغيّر حالة حسابك بنفسك',
  },
  tooManyAttempts: {
    en: 'Too many attempts, please try again later',
    ar: 'محاولات كتير، من فضلك استنى شوية وجرّب تاني',
  },
  accountLocked: {
    en: 'This account is locked for a while on new devices after too many failed sign-ins. Its owner can still sign in from a device used before, or open it on this one with a link sent by e-mail.',
    ar: 'الحساب ده اتقفل شوية على الأجهزة الجديدة بعد محاولات دخول غلط كتير. صاحبه يقدر يدخل من جهاز دخل منه قبل كده، أو يفتحه على الجهاز ده بلينك يوصله على الإيميل.',
  },
  maintenance: {
    en: 'The platform is under maintenance. Please try again later.',
    ar: 'المنصة تحت الصيانة دلوقتي. من فضلك جرب تاني بعد شوية.',
  },
  tooManyLiveStreams: {
    en: 'Too many screens of this account are open: this one updates live once another one closes',
    ar: 'فيه شاشات كتير مفتوحة بالحساب ده: الشاشة دي هتتحدّث لوحدها أول ما واحدة تتقفل',
  },
  serviceUnavailable: {
    en: 'This part of the platform is unavailable right now. Please try again shortly.',
    ar: 'الجزء ده من المنصة مش متاح دلوقتي. من فضلك جرب تاني كمان شوية.',
  },
  serviceBusy: {
    en: 'Many people are using MedRelay right now. Please try again in a moment.',
    ar: 'فيه ناس كتير بتستخدم MedRelay دلوقتي. من فضلك جرب تاني بعد لحظة.',
  },
  serviceTimeout: {
    en: 'This part of the platform is taking too long to answer. Please try again shortly.',
    ar: 'الجزء ده من المنصة بياخد وقت طويل في الرد. من فضلك جرب تاني كمان شوية.',
  },
  invalidJson: {
    en: 'The request could not be read (invalid JSON)',
    ar: 'الطلب مش مفهوم (صيغة JSON مش صحيحة)',
  },
  payloadTooLarge: { en: 'The request is too large', ar: 'حجم الطلب أكبر من المسموح' },
  invalidInput: { en: 'The request contains invalid values', ar: 'الطلب فيه قيم مش صحيحة' },
  internalError: { en: 'An error occurred', ar: 'حصل خطأ' },
  internalOnly: { en: 'Only MedRelay services may call this', ar: 'الطلب ده لخدمات المنصة بس' },
} as const satisfies Record<string, Texts>;
