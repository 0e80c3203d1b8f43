import type { Texts } from './texts';

/** Validation and answers of the catalog and requests. */
export const catalogRequestMessages = {
  priceDecimals: {
    en: 'Price may have at most two decimals',
    ar: 'السعر ماينفعش يكون فيه أكتر من رقمين بعد العلامة',
  },
  discountAboveOriginal: {
    en: 'The discount price cannot be above the original price',
    ar: 'السعر بعد الخصم مينفعش يكون أعلى من السعر الأصلي',
  },
  quantityMax: { en: 'Quantity is too large', ar: 'الكمية كبيرة أوي' },
  accountIdsInvalid: {
    en: 'Name 1 to 100 accounts by their ids, separated by commas',
    ar: 'حدّد من حساب واحد لحد 100 حساب بأرقامهم، وافصل بينهم بفاصلة',
  },
  quantityOnlyWithApproval: {
    en: 'A quantity is given only with an approval',
    ar: 'الكمية بتتبعت مع الموافقة بس',
  },
  approveMoreThanAsked: {
    en: 'You can approve at most the quantity asked for: {asked|unit}',
    ar: 'أقصى حاجة توافق عليها هي الكمية المطلوبة: {asked|unit}',
  },
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
  adminRequestStatusInvalid: {
    en: 'Status must be pending, approved, rejected, completed, cancelled or calledOff',
    ar: 'الحالة لازم تكون معلّق أو مقبول أو مرفوض أو مكتمل أو ملغي أو الاستلام اتلغى',
  },
  requestStatusFilterInvalid: {
    en: 'Status must be pending, approved, rejected, completed, cancelled or calledOff (several separated by commas)',
    ar: 'الحالة لازم تكون معلّق أو مقبول أو مرفوض أو مكتمل أو ملغي أو الاستلام اتلغى (أكتر من واحدة بينهم فاصلة)',
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
  pharmacistRequiredForDonations: {
    en: "A donor's medicine goes only to a licensed pharmacist: add your pharmacist's licence number in Settings to request donations. One already added counts once an administrator has reviewed it",
    ar: 'دوا المتبرعين بيتسلّم لصيدلي مرخّص بس: ضيف رقم ترخيص الصيدلي بتاعكم في الإعدادات عشان تقدر تطلب تبرعات. لو ضفتوه خلاص، هيتحسب أول ما مسؤول المنصة يراجعه',
  },
  requesterHasNoPharmacist: {
    en: "This organisation has no licensed pharmacist on MedRelay: a donor's medicine cannot go to it. Reject the request instead",
    ar: 'الجهة دي ملهاش صيدلي مرخّص على MedRelay: دوا المتبرعين مينفعش يروحلها. ارفض الطلب بدل كده',
  },
  notOfferedToRequesterAnyMore: {
    en: 'This listing is no longer offered to this requester: reject the request instead',
    ar: 'العرض ده مبقاش متاح للي طلبه: ارفض الطلب بدل كده',
  },
  notOfferedToYou: {
    en: 'This medicine is not offered to your account type',
    ar: 'الدواء ده مش معروض لنوع حسابك',
  },
  medicineUnavailable: {
    en: 'This medicine is no longer available',
    ar: 'الدواء ده مبقاش متاح',
  },
  insufficientQuantity: {
    en: 'Only {available|unit} available',
    ar: 'المتاح {available|unit} بس',
  },
  requestAlreadyOpen: {
    en: 'You already have an open request for this medicine',
    ar: 'عندك طلب مفتوح بالفعل للدواء ده',
  },
  notYourRequest: { en: 'This request is not yours', ar: 'الطلب ده مش بتاعك' },
  handoverCodeFormat: { en: 'Enter the 6-digit code', ar: 'اكتب الكود اللي من 6 أرقام' },
  handoverCodeWrong: {
    // No plural forms in the tables: a count after a colon reads right for 1, 2 and 9 alike.
    en: 'Wrong code. Tries left: {remaining}',
    ar: 'الكود غلط. المحاولات الباقية: {remaining}',
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
  handoverCodeRenewed: {
    en: 'This request has a new handover code: ask the requester to open the request again and read you the new one',
    ar: 'الطلب ده بقى له كود تسليم جديد: خلّي صاحب الطلب يفتح الطلب تاني ويقولك الكود الجديد',
  },
  collectionNotAwaitingOwner: {
    en: 'This handover is not waiting for your confirmation',
    ar: 'التسليم ده مش مستني تأكيدك',
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
  needMedicineTooShort: {
    en: 'Type at least 3 letters of the medicine’s name',
    ar: 'اكتب 3 حروف على الأقل من اسم الدوا',
  },
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
    en: 'This request is {from:status} now: you cannot mark it {to:status}',
    ar: 'الطلب ده حالته دلوقتي «{from:status}»: مينفعش تغيّرها لـ«{to:status}»',
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
  quantityChangedMeanwhile: {
    en: 'The quantity changed while you were editing (requests were approved or released): on offer now, {quantity|unit}. Check it and save again.',
    ar: 'الكمية اتغيرت وانت بتعدّل (طلبات اتوافق عليها أو رجعت): المعروض دلوقتي {quantity|unit}. راجعها واحفظ تاني.',
  },
  medicineQuarantined: {
    en: 'This medicine is quarantined: its batch is recalled',
    ar: 'الدواء ده متحفّظ عليه: التشغيلة بتاعته اتسحبت',
  },
  medicineExpiredNoRelist: {
    en: 'This pack has expired: it cannot be offered again',
    ar: 'العبوة دي صلاحيتها خلصت: مينفعش تتعرض تاني',
  },
  medicineExpiredNoHandover: {
    en: 'This pack has expired: it cannot be handed over',
    ar: 'العبوة دي صلاحيتها خلصت: مينفعش تتسلّم',
  },
  requesterSuspended: {
    en: 'The account that asked for this is suspended: it cannot be approved (reject it instead)',
    ar: 'الحساب اللي طلب ده متوقف: مينفعش نوافق عليه (ارفضه بدل كده)',
  },
  requestOnHold: {
    en: 'This request is on hold while its batch is recalled',
    ar: 'الطلب ده متوقف لحد ما سحب التشغيلة يترفع',
  },
  productNotFound: { en: 'No product is known by this code yet', ar: 'مفيش منتج معروف بالكود ده لسه' },
} as const satisfies Record<string, Texts>;
