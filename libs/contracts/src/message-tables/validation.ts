import type { Texts } from './texts';

/** Validation messages of the forms and the API (spec §5). */
export const validationMessages = {
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
  pickupWindowClockChange: {
    en: 'This time does not exist that day: clocks go forward an hour at midnight as summer time begins. Choose 01:00 or later',
    ar: 'الوقت ده مش موجود في اليوم ده: الساعة بتتقدم ساعة نص الليل مع بداية التوقيت الصيفي. اختار من 01:00 أو بعدها',
  },
  pickupWindowOrder: { en: 'The window must end after it starts', ar: 'الميعاد لازم يخلص بعد ما يبدأ' },
  pickupWindowTooLong: {
    en: 'A window past midnight can last at most 12 hours',
    ar: 'الميعاد اللي بيعدي نص الليل أقصاه 12 ساعة',
  },
  pickupWindowPast: { en: 'This window is already over', ar: 'الميعاد ده فات خلاص' },
  pickupWindowAfterExpiry: {
    en: 'The medicine expires before this time: choose an earlier one',
    ar: 'صلاحية الدواء بتخلص قبل الميعاد ده: اختار ميعاد أقرب',
  },
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
  /** The reminder as a push shows it on a lock screen: no place or phone (they wait behind the sign-in). */
  notifyPickupReminderPush: {
    en: 'Pickup of {medicine} on {when}. The place and contact are in MedRelay.',
    ar: 'استلام {medicine} يوم {when}. المكان ورقم التواصل على MedRelay.',
  },
  notifyPickupMissedTitle: { en: 'Pickup window missed', ar: 'ميعاد الاستلام فات' },
  notifyPickupMissed: {
    en: 'The pickup of {medicine} on {when} did not happen. The reservation ends in {hours|hour} unless it is collected.',
    ar: 'استلام {medicine} يوم {when} ماحصلش. الحجز هيتلغي بعد {hours|hour} لو ماتمش الاستلام.',
  },
  notifyPickupUnsettledTitle: { en: 'No pickup time agreed', ar: 'مفيش ميعاد استلام اتفقنا عليه' },
  notifyPickupUnsettled: {
    en: 'No pickup time was agreed for {medicine}. The reservation ends in {hours|hour} unless it is collected or a new time is offered.',
    ar: 'مفيش ميعاد استلام اتحدد لـ {medicine}. الحجز هيتلغي بعد {hours|hour} لو ماتمش الاستلام أو اتعرض ميعاد جديد.',
  },
  /** A chosen window that ended while maintenance kept everyone out: to both parties (pushed). */
  notifyPickupMaintenanceTitle: { en: 'Agree on a new pickup time', ar: 'اتفقوا على ميعاد استلام جديد' },
  notifyPickupMaintenance: {
    en: 'The pickup of {medicine} on {when} passed while MedRelay was down for maintenance: it does not count as missed. Agree on a new time: the owner offers new times, or the requester proposes one.',
    ar: 'ميعاد استلام {medicine} يوم {when} عدّى والمنصة كانت واقفة للصيانة: مش هيتحسب إن حد ماجاش. اتفقوا على ميعاد جديد: صاحب الدوا يعرض مواعيد جديدة، أو صاحب الطلب يقترح ميعاد.',
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
  licenseRejectionReasonInvalid: {
    en: 'Choose why the licence is refused',
    ar: 'اختار سبب رفض رقم الترخيص',
  },
  nothingToChange: { en: 'Nothing to change was given', ar: 'مفيش أي تعديل اتبعت' },
  statusInvalid: {
    en: 'Status must be approved or rejected',
    ar: 'الحالة لازم تكون مقبولة أو مرفوضة',
  },
  governorateInvalid: { en: 'Choose a governorate from the list', ar: 'اختار محافظة من القايمة' },
  areaInvalid: { en: 'Choose an area from the list', ar: 'اختار منطقة من القايمة' },
  areaNotInGovernorate: {
    en: 'This area is not in the chosen governorate',
    ar: 'المنطقة دي مش في المحافظة اللي اخترتها',
  },
  browsePointInvalid: {
    en: 'Latitude and longitude must be numbers, given together',
    ar: 'خط العرض وخط الطول لازم يكونوا أرقام ويتبعتوا مع بعض',
  },
  browsePointOutsideEgypt: { en: 'The location must be in Egypt', ar: 'المكان لازم يكون جوه مصر' },
  radiusInvalid: {
    en: 'Choose a distance of 5, 10, 25, 50 or 100 km',
    ar: 'اختار مسافة 5 أو 10 أو 25 أو 50 أو 100 كم',
  },
  pointRequiredForDistance: {
    en: 'Set your pickup point in Settings, or share your location, to sort by distance',
    ar: 'حدد مكان الاستلام بتاعك في الإعدادات، أو شارك موقعك، عشان ترتب حسب المسافة',
  },
} as const satisfies Record<string, Texts>;
