/**
 * Validation and error messages, keyed by a stable code. Schemas carry the key as their
 * zod message; the server answers in the caller's language and the browser renders the same
 * key from its own i18n resources. English texts are the exact wording of spec §5 and §8.
 */
import type { Language } from './languages';
import { authenticationRequired } from './session-messages';

export { languages, type Language } from './languages';

type Texts = Record<Language, string>;

export const messages = {
  invalidEmail: { en: 'Invalid email address', ar: 'الإيميل مش صحيح' },
  passwordMin: { en: 'Password must be at least 6 characters', ar: 'كلمة السر لازم تكون 6 حروف على الأقل' },
  nameMin: { en: 'Name must be at least 2 characters', ar: 'الاسم لازم يكون حرفين على الأقل' },
  phoneMin: {
    en: 'Phone number must be at least 10 digits',
    ar: 'رقم التليفون لازم يكون 10 أرقام على الأقل',
  },
  phoneInvalid: {
    en: 'Enter a valid phone number, e.g. 01001234567 or +20 100 123 4567',
    ar: 'اكتب رقم تليفون صحيح، زي 01001234567 أو ‎+20 100 123 4567',
  },
  acceptTerms: { en: 'You must accept the terms', ar: 'لازم توافق على الشروط والأحكام' },
  userTypeInvalid: {
    en: 'Account type must be pharmacy, ngo or donor',
    ar: 'نوع الحساب لازم يكون صيدلية أو جمعية أو متبرع',
  },
  commercialLicenseRequired: { en: 'Commercial license is required', ar: 'رقم الترخيص التجاري مطلوب' },
  organizationNameRequired: { en: 'Organization name is required', ar: 'اسم الجمعية مطلوب' },
  pharmacistLicenseRequired: {
    en: "The NGO pharmacist's licence number is required",
    ar: 'رقم ترخيص صيدلي الجمعية مطلوب',
  },
  pharmacistLicenseInvalid: {
    en: 'The licence number must be 4 to 10 digits',
    ar: 'رقم الترخيص لازم يكون من 4 لـ 10 أرقام',
  },
  commercialNumberRequired: { en: 'Commercial number is required', ar: 'رقم السجل التجاري مطلوب' },
  medicineNameRequired: { en: 'Medicine name is required', ar: 'اسم الدواء مطلوب' },
  medicineTypeRequired: { en: 'Medicine type is required', ar: 'نوع الدواء مطلوب' },
  medicineTypeInvalid: { en: 'Choose a type from the list', ar: 'اختار النوع من القايمة' },
  quantityMin: { en: 'Quantity must be at least 1', ar: 'الكمية لازم تكون 1 على الأقل' },
  priceMin: { en: 'Price must be 0 or greater', ar: 'السعر لازم يكون صفر أو أكتر' },
  expiryDateRequired: { en: 'Expiry date is required', ar: 'تاريخ الصلاحية مطلوب' },
  pickupLocationRequired: { en: 'Pickup location is required', ar: 'مكان الاستلام مطلوب' },
  pickupDateRequired: { en: 'Pickup date is required', ar: 'ميعاد الاستلام مطلوب' },
  pickupWindowInvalid: { en: 'Enter a day and from–to times', ar: 'اكتب اليوم والوقت من–لـ' },
  pickupWindowOrder: { en: 'The window must end after it starts', ar: 'الميعاد لازم يخلص بعد ما يبدأ' },
  pickupWindowPast: { en: 'This window is already over', ar: 'الميعاد ده فات خلاص' },
  pickupWindowsCount: { en: 'Offer 1 to 3 pickup windows', ar: 'اعرض من 1 لـ 3 مواعيد للاستلام' },
  pickupPinInvalid: { en: 'Give both latitude and longitude', ar: 'اكتب خط العرض وخط الطول الاتنين' },
  pickupPinOutsideEgypt: { en: 'The map pin must be in Egypt', ar: 'العلامة على الخريطة لازم تكون جوه مصر' },
  pickupWindowNotFound: { en: 'That pickup window is not offered', ar: 'ميعاد الاستلام ده مش معروض' },
  pickupNotApproved: {
    en: 'Pickup windows can be set only on an approved request',
    ar: 'مواعيد الاستلام بتتحدد بس لطلب متوافق عليه',
  },
  pickupNoProposal: { en: 'There is no proposed window to accept', ar: 'مافيش ميعاد مقترح علشان توافق عليه' },
  pickupOwnerOnly: {
    en: 'Only the owner offers pickup windows',
    ar: 'صاحب الدوا بس هو اللي يعرض مواعيد الاستلام',
  },
  pickupRequesterOnly: {
    en: 'Only the requester picks or proposes a window',
    ar: 'صاحب الطلب بس هو اللي يختار أو يقترح ميعاد',
  },
  noShowGraceHoursRange: {
    en: 'Grace period must be between 1 and 168 hours',
    ar: 'مهلة عدم الحضور لازم تكون من 1 لـ 168 ساعة',
  },
  notifyPickupChosenTitle: { en: 'Pickup window chosen', ar: 'تم اختيار ميعاد الاستلام' },
  notifyPickupChosen: {
    en: '{requester} will collect {medicine} on {when}',
    ar: '{requester} هيستلم {medicine} يوم {when}',
  },
  notifyPickupProposedTitle: { en: 'Another pickup time proposed', ar: 'اقتراح ميعاد استلام تاني' },
  notifyPickupProposed: {
    en: '{requester} proposes to collect {medicine} on {when}',
    ar: '{requester} بيقترح يستلم {medicine} يوم {when}',
  },
  notifyPickupAcceptedTitle: { en: 'Pickup time accepted', ar: 'تمت الموافقة على ميعاد الاستلام' },
  notifyPickupAccepted: {
    en: 'Your proposed time for {medicine} was accepted: {when}',
    ar: 'الميعاد اللي اقترحته لـ {medicine} اتوافق عليه: {when}',
  },
  notifyPickupOfferedTitle: { en: 'Pickup windows offered', ar: 'مواعيد استلام متاحة' },
  notifyPickupOffered: {
    en: 'Pick a time to collect {medicine}',
    ar: 'اختار ميعاد تستلم فيه {medicine}',
  },
  notifyPickupReminderTitle: { en: 'Pickup reminder', ar: 'تذكير بميعاد الاستلام' },
  notifyPickupReminder: {
    en: 'Pickup of {medicine} on {when} at {location}. Contact: {phone}',
    ar: 'استلام {medicine} يوم {when} في {location}. للتواصل: {phone}',
  },
  notifyPickupMissedTitle: { en: 'Pickup window missed', ar: 'ميعاد الاستلام فات' },
  notifyPickupMissed: {
    en: 'The pickup of {medicine} on {when} did not happen. The reservation ends in {hours} hours unless it is collected.',
    ar: 'استلام {medicine} يوم {when} ماحصلش. الحجز هيتلغي بعد {hours} ساعة لو ماتمش الاستلام.',
  },
  notifyPickupReleasedTitle: { en: 'Reservation returned to stock', ar: 'الكمية المحجوزة رجعت للمخزون' },
  notifyPickupReleased: {
    en: 'The missed pickup of {quantity} × {medicine} was cancelled and the quantity is back in stock',
    ar: 'استلام {quantity} × {medicine} اللي فات اتلغى والكمية رجعت للمخزون',
  },
  systemNameRequired: { en: 'System name is required', ar: 'اسم النظام مطلوب' },
  expiryWarningDaysRange: {
    en: 'Expiry warning days must be between 1 and 365',
    ar: 'أيام التنبيه قبل انتهاء الصلاحية لازم تكون من 1 لـ 365',
  },
  maxUploadSizeRange: {
    en: 'Max upload size must be between 1 and 100 MB',
    ar: 'أقصى حجم للرفع لازم يكون من 1 لـ 100 ميجا',
  },
  sessionTimeoutRange: {
    en: 'Session timeout must be between 15 and 1440 minutes',
    ar: 'مدة الجلسة لازم تكون من 15 لـ 1440 دقيقة',
  },
  welcomeMessageMax: {
    en: 'Welcome message must be at most 500 characters',
    ar: 'رسالة الترحيب ماينفعش تزيد عن 500 حرف',
  },
  currentPasswordWrong: { en: 'Current password is incorrect', ar: 'كلمة السر الحالية مش صحيحة' },
  required: { en: 'This field is required', ar: 'الخانة دي مطلوبة' },
  tooLong: { en: 'Must be at most {max} characters', ar: 'ماينفعش يزيد عن {max} حرف' },
  mustBeText: { en: 'Must be text', ar: 'لازم تكون نص' },
  mustBeNumber: { en: 'Must be a whole number', ar: 'لازم تكون رقم صحيح' },
  mustBeBoolean: { en: 'Must be true or false', ar: 'لازم تكون نعم أو لا' },
  invalidValue: { en: 'Invalid value', ar: 'قيمة مش صحيحة' },
  unknownField: { en: 'Unknown field', ar: 'خانة مش معروفة' },
  verifiedDetailsLocked: {
    en: 'Verified business details can only be changed by the administrator. Please contact them.',
    ar: 'البيانات التجارية اللي اتراجعت مينفعش تتغير غير عن طريق إدارة المنصة. من فضلك تواصل معاهم.',
  },
  nothingToChange: { en: 'Nothing to change was given', ar: 'مفيش أي تعديل اتبعت' },
  statusInvalid: {
    en: 'Status must be approved or rejected',
    ar: 'الحالة لازم تكون مقبولة أو مرفوضة',
  },
  // Answers of the API other than validation (shown by the browser as toast descriptions, spec §8).
  invalidCredentials: { en: 'Invalid credentials', ar: 'بيانات الدخول مش صحيحة' },
  accountRejected: {
    en: 'This account has been suspended or rejected. Please contact the administrator.',
    ar: 'الحساب ده موقوف أو مرفوض. من فضلك تواصل مع إدارة المنصة.',
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
  selfStatusChange: {
    en: 'You cannot change the status of your own account',
    ar: 'مينفعش تغيّر حالة حسابك بنفسك',
  },
  tooManyAttempts: {
    en: 'Too many attempts, please try again later',
    ar: 'محاولات كتير، من فضلك استنى شوية وجرّب تاني',
  },
  accountLocked: {
    en: 'This account is locked for a while after too many failed sign-ins. Please try again later or contact the administrator.',
    ar: 'الحساب ده اتقفل شوية بعد محاولات دخول غلط كتير. من فضلك جرّب تاني بعدين أو كلّم مسؤول المنصة.',
  },
  maintenance: {
    en: 'The platform is under maintenance. Please try again later.',
    ar: 'المنصة تحت الصيانة دلوقتي. من فضلك جرب تاني بعد شوية.',
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
  // Catalog and requests (issue 4).
  priceDecimals: {
    en: 'Price may have at most two decimals',
    ar: 'السعر ماينفعش يكون فيه أكتر من رقمين بعد العلامة',
  },
  quantityMax: { en: 'Quantity is too large', ar: 'الكمية كبيرة أوي' },
  expiryDateInvalid: { en: 'Expiry date is not a valid date', ar: 'تاريخ الصلاحية مش صحيح' },
  expiryDatePast: {
    en: 'Expiry date must be in the future',
    ar: 'تاريخ الصلاحية لازم يكون في المستقبل',
  },
  recipientTypeInvalid: {
    en: 'Recipients must be ngos, pharmacies or both',
    ar: 'المستفيدين لازم يكونوا جمعيات أو صيدليات أو الاتنين',
  },
  pickupDatePast: { en: 'Pickup date cannot be in the past', ar: 'ميعاد الاستلام ماينفعش يكون فات' },
  requestStatusInvalid: {
    en: 'Status must be approved, rejected, completed or cancelled',
    ar: 'الحالة لازم تكون مقبول أو مرفوض أو مكتمل أو ملغي',
  },
  requestStatusFilterInvalid: {
    en: 'Status must be pending, approved, rejected, completed or cancelled (several separated by commas)',
    ar: 'الحالة لازم تكون معلّق أو مقبول أو مرفوض أو مكتمل أو ملغي (أكتر من واحدة بينهم فاصلة)',
  },
  requestDirectionInvalid: {
    en: 'Direction must be incoming or outgoing',
    ar: 'الاتجاه لازم يكون وارد أو صادر',
  },
  medicineNotFound: { en: 'Medicine not found', ar: 'الدواء ده مش موجود' },
  requestNotFound: { en: 'Request not found', ar: 'الطلب ده مش موجود' },
  notificationNotFound: { en: 'Notification not found', ar: 'الإشعار ده مش موجود' },
  notYourMedicine: {
    en: 'Only the owner of this listing can change it',
    ar: 'صاحب الإعلان بس هو اللي يقدر يعدّله',
  },
  ownMedicine: { en: 'You cannot request your own medicine', ar: 'مينفعش تطلب دواء إنت اللي عارضه' },
  notOfferedToYou: {
    en: 'This medicine is not offered to your account type',
    ar: 'الدواء ده مش معروض لنوع حسابك',
  },
  medicineUnavailable: {
    en: 'This medicine is no longer available',
    ar: 'الدواء ده مبقاش متاح',
  },
  insufficientQuantity: {
    en: 'Only {available} units are available',
    ar: 'المتاح {available} وحدة بس',
  },
  requestAlreadyOpen: {
    en: 'You already have an open request for this medicine',
    ar: 'عندك طلب مفتوح بالفعل للدواء ده',
  },
  notYourRequest: { en: 'This request is not yours', ar: 'الطلب ده مش بتاعك' },
  handoverCodeFormat: { en: 'Enter the 6-digit code', ar: 'اكتب الكود اللي من 6 أرقام' },
  handoverCodeWrong: {
    en: 'Wrong code: {remaining} tries left',
    ar: 'الكود غلط: فاضل {remaining} محاولات',
  },
  handoverCodeLocked: {
    en: 'Too many wrong codes: try again after {until}',
    ar: 'أكواد غلط كتير: جرّب تاني بعد {until}',
  },
  handoverCodeExpired: {
    en: 'This handover code has expired',
    ar: 'كود التسليم ده انتهت صلاحيته',
  },
  handoverCodeUsed: {
    en: 'This handover code was already used: the request is completed',
    ar: 'كود التسليم ده اتستخدم قبل كده: الطلب اكتمل',
  },
  handoverNotOpen: {
    en: 'This request is not waiting for a handover',
    ar: 'الطلب ده مش مستني تسليم',
  },
  handoverOwnerOnly: {
    en: 'Only the one handing over the medicine enters the code',
    ar: 'اللي بيسلّم الدواء بس هو اللي يكتب الكود',
  },
  custodyDateInvalid: { en: 'Enter a date as YYYY-MM-DD', ar: 'اكتب التاريخ بالشكل YYYY-MM-DD' },
  custodyRangeInvalid: {
    en: 'The end date must not be before the start date',
    ar: 'تاريخ النهاية مينفعش يكون قبل تاريخ البداية',
  },
  needNotFound: { en: 'Need not found', ar: 'الاحتياج ده مش موجود' },
  notYourNeed: { en: 'This need is not yours', ar: 'الاحتياج ده مش بتاعك' },
  needMedicineRequired: { en: 'Say which medicine you need', ar: 'اكتب اسم الدواء اللي محتاجه' },
  needAcceptUpToBelowMin: {
    en: '"Accept up to" must be at least the minimum quantity',
    ar: '"نقبل لحد" لازم تكون أكبر من أو تساوي أقل كمية',
  },
  needMinDaysLeftRange: {
    en: 'Days left before expiry must be between 0 and 3650',
    ar: 'الأيام الباقية على انتهاء الصلاحية لازم تكون من 0 لـ 3650',
  },
  needUrgencyInvalid: { en: 'Urgency must be routine or urgent', ar: 'الأهمية لازم تكون عادي أو مستعجل' },
  needStatusInvalid: { en: 'Status must be open or closed', ar: 'الحالة لازم تكون مفتوح أو مقفول' },
  requestTransitionRefused: {
    en: 'A {from} request cannot be {to} by you',
    ar: 'مينفعش تغيّر طلب حالته {from} إلى {to}',
  },
  imageTypeInvalid: {
    en: 'The photo must be a JPEG, PNG or WebP image',
    ar: 'الصورة لازم تكون JPEG أو PNG أو WebP',
  },
  imageTooLarge: {
    en: 'The photo must be at most {max} MB',
    ar: 'حجم الصورة ماينفعش يزيد عن {max} ميجا',
  },
  imageNotFound: { en: 'Photo not found', ar: 'الصورة مش موجودة' },
  imageRequired: { en: 'Choose a photo to upload', ar: 'اختار صورة ترفعها' },
  gtinInvalid: {
    en: 'The product code (GTIN) is not valid: check its digits',
    ar: 'كود المنتج (GTIN) مش صحيح: راجع الأرقام',
  },
  packCodeTooLong: {
    en: 'Batch and serial numbers are at most 20 characters',
    ar: 'رقم التشغيلة والرقم التسلسلي 20 حرف بالكتير',
  },
  categoryInvalid: {
    en: 'Choose categories from the list',
    ar: 'اختار التصنيفات من القايمة',
  },
  donorCategoryPrescription: {
    en: 'Individual donors cannot list prescription-only medicines; give them to a pharmacy',
    ar: 'المتبرعين الأفراد مايقدروش يعرضوا أدوية بروشتة بس؛ سلّمها لصيدلية',
  },
  donorCategoryControlled: {
    en: 'Individual donors cannot list controlled (narcotic or psychotropic) medicines; give them to a pharmacy',
    ar: 'المتبرعين الأفراد مايقدروش يعرضوا أدوية مخدرة أو مؤثرة على الحالة النفسية (جدول)؛ سلّمها لصيدلية',
  },
  donorCategoryColdChain: {
    en: 'Individual donors cannot list cold-chain (refrigerated) medicines; give them to a pharmacy',
    ar: 'المتبرعين الأفراد مايقدروش يعرضوا أدوية محتاجة تبريد؛ سلّمها لصيدلية',
  },
  packAlreadyListed: {
    en: 'This pack (same product code and serial number) is already listed',
    ar: 'العلبة دي (نفس كود المنتج والرقم التسلسلي) معروضة بالفعل',
  },
  recallBatchRequired: { en: 'Enter the batch number', ar: 'اكتب رقم التشغيلة' },
  recallReasonRequired: {
    en: 'Say why the batch is recalled (at least 3 characters)',
    ar: 'اكتب سبب سحب التشغيلة (3 حروف على الأقل)',
  },
  recallReasonTooLong: { en: 'The reason is at most 500 characters', ar: 'السبب 500 حرف بالكتير' },
  recallNotFound: { en: 'Recall not found', ar: 'السحب ده مش موجود' },
  recallAlreadyLifted: { en: 'This recall is already lifted', ar: 'السحب ده اترفع بالفعل' },
  medicineQuarantined: {
    en: 'This medicine is quarantined: its batch is recalled',
    ar: 'الدواء ده متحفّظ عليه: التشغيلة بتاعته اتسحبت',
  },
  requestOnHold: {
    en: 'This request is on hold while its batch is recalled',
    ar: 'الطلب ده متوقف لحد ما سحب التشغيلة يترفع',
  },
  productNotFound: { en: 'No product is known by this code yet', ar: 'مفيش منتج معروف بالكود ده لسه' },
  // Why a scanned pack code was refused (libs/domain gs1ProblemMessage).
  gs1NotGs1: { en: 'This is not a medicine pack code (GS1)', ar: 'ده مش كود علبة دواء (GS1)' },
  gs1Unreadable: {
    en: 'The pack code could not be read: scan it again',
    ar: 'مقدرناش نقرا كود العلبة: امسحه تاني',
  },
  gs1BadCheckDigit: {
    en: "The product code's check digit is wrong: scan again or type the details",
    ar: 'رقم التحقق في كود المنتج غلط: امسح تاني أو اكتب البيانات',
  },
  gs1BadDate: {
    en: 'The expiry date in the pack code is not a real date',
    ar: 'تاريخ الصلاحية اللي في كود العلبة مش تاريخ صحيح',
  },
  gs1TooLong: {
    en: 'A batch or serial number in the pack code is too long (a missing separator?)',
    ar: 'رقم التشغيلة أو الرقم التسلسلي في الكود أطول من المسموح (ممكن فاصل ناقص؟)',
  },
  internalOnly: { en: 'Only MedRelay services may call this', ar: 'الطلب ده لخدمات المنصة بس' },
  // Notifications (title and message of each kind).
  notifyRequestNewTitle: { en: 'New request', ar: 'طلب جديد' },
  notifyRequestNew: {
    en: '{requester} requested {quantity} of {medicine}',
    ar: '{requester} طلب {quantity} من {medicine}',
  },
  notifyRequestApprovedTitle: { en: 'Request approved', ar: 'تمت الموافقة على طلبك' },
  notifyRequestApproved: {
    en: 'Your request for {quantity} of {medicine} was approved',
    ar: 'تمت الموافقة على طلبك لـ {quantity} من {medicine}',
  },
  notifyRequestRejectedTitle: { en: 'Request rejected', ar: 'طلبك اترفض' },
  notifyRequestRejected: {
    en: 'Your request for {medicine} was rejected. The medicine may no longer be available.',
    ar: 'طلبك لـ {medicine} اترفض. ممكن الدواء مبقاش متاح.',
  },
  notifyRequestCancelledTitle: { en: 'Request cancelled', ar: 'الطلب اتلغى' },
  notifyRequestCancelled: {
    en: '{requester} cancelled the request for {medicine}',
    ar: '{requester} لغى الطلب على {medicine}',
  },
  notifyHandoverConfirmedTitle: { en: 'Handover confirmed', ar: 'التسليم اتأكد' },
  notifyHandoverConfirmed: {
    en: '{owner} confirmed handing over {quantity} × {medicine} with your code',
    ar: '{owner} أكّد تسليم {quantity} × {medicine} بالكود بتاعك',
  },
  notifyRequestCompletedTitle: { en: 'Medicine collected', ar: 'الدواء اتسلّم' },
  notifyRequestCompleted: {
    en: '{requester} collected {quantity} of {medicine}',
    ar: '{requester} استلم {quantity} من {medicine}',
  },
  notifyExpiryAlertTitle: { en: 'Medicine expiring soon', ar: 'دواء قرب يخلص' },
  // Days left as the badges count them (libs/domain daysLeft: Cairo days, today counted).
  notifyExpiryAlert: {
    en: '{medicine}: {days} day(s) left before expiry',
    ar: '{medicine}: فاضل {days} يوم على انتهاء الصلاحية',
  },
  notifyRecallQuarantinedTitle: { en: 'Batch recalled', ar: 'تشغيلة اتسحبت' },
  notifyRecallQuarantinedOwner: {
    en: '{medicine} (batch {batch}) is recalled and quarantined: {reason}. It is hidden from browsing until the recall is lifted.',
    ar: '{medicine} (تشغيلة {batch}) اتسحب واتحفّظ عليه: {reason}. مش هيظهر في التصفح لحد ما السحب يترفع.',
  },
  notifyRecallQuarantinedRequester: {
    en: 'The batch of {medicine} you requested is recalled: {reason}. Pending requests are cancelled; approved ones are on hold.',
    ar: 'تشغيلة {medicine} اللي طلبته اتسحبت: {reason}. الطلبات المستنية اتلغت، واللي اتوافق عليها متوقفة.',
  },
  notifyRecallLiftedTitle: { en: 'Recall lifted', ar: 'السحب اترفع' },
  notifyRecallLiftedOwner: {
    en: 'The recall of {medicine} (batch {batch}) is lifted: it is offered again.',
    ar: 'سحب {medicine} (تشغيلة {batch}) اترفع: رجع معروض تاني.',
  },
  notifyRecallLiftedRequester: {
    en: 'The recall of {medicine} is lifted: your approved request is active again.',
    ar: 'سحب {medicine} اترفع: طلبك اللي اتوافق عليه رجع شغال تاني.',
  },
  notifyNeedMatchTitle: { en: 'A match for what you need', ar: 'لقينا حاجة من اللي محتاجها' },
  notifyNeedMatch: {
    en: '{medicine} ({quantity} units, {days} day(s) left) matches your need "{need}"',
    ar: '{medicine} ({quantity} وحدة، فاضل {days} يوم) مناسب لاحتياجك "{need}"',
  },
  governorateInvalid: { en: 'Choose a governorate from the list', ar: 'اختار محافظة من القايمة' },
} as const satisfies Record<string, Texts>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, value);
}

/** Renders a message in a language, filling `{name}` placeholders. */
export function translate(key: MessageKey, language: Language, params: Record<string, string | number> = {}) {
  return messages[key][language].replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params[name] ?? `{${name}}`),
  );
}
