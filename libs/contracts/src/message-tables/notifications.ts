import type { Texts } from './texts';

/** Notifications: the title and message of each kind. */
export const notificationMessages = {
  notifyRequestNewTitle: { en: 'New request', ar: 'طلب جديد' },
  notifyRequestNew: {
    en: '{requester} requested {quantity|unit} of {medicine}',
    ar: '{requester} طلب {quantity|unit} من {medicine}',
  },
  notifyRequestApprovedTitle: { en: 'Request approved', ar: 'تمت الموافقة على طلبك' },
  notifyRequestApproved: {
    en: 'Your request for {quantity|unit} of {medicine} was approved',
    ar: 'تمت الموافقة على طلبك: {quantity|unit} من {medicine}',
  },
  /** Approved for fewer units than asked (what was left of the listing): said so. */
  notifyRequestApprovedPartTitle: { en: 'Request approved in part', ar: 'اتوافق على جزء من طلبك' },
  notifyRequestApprovedPart: {
    en: '{owner} approved {quantity|unit} of {medicine}: fewer than the {asked|unit} you asked for',
    ar: '{owner} وافق على {quantity|unit} بس من {medicine}: انت كنت طالب {asked|unit}',
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
  notifyApprovedCancelled: {
    en: '{requester} will not collect {quantity|unit} of {medicine} after all: the pickup is off and the units are back on offer.',
    ar: '{requester} مش هيستلم {quantity|unit} من {medicine}: الاستلام اتلغى والكمية رجعت معروضة تاني.',
  },
  notifyApprovalWithdrawn: {
    en: '{owner} called off your pickup of {quantity|unit} of {medicine}: do not go to collect it.',
    ar: '{owner} لغى التسليم: متروحش تستلم {quantity|unit} من {medicine}.',
  },
  notifyRequestWithdrawnTitle: { en: 'Request withdrawn', ar: 'الطلب اتسحب' },
  notifyRequestWithdrawnSuspended: {
    en: "{requester}'s request for {medicine} was withdrawn: the account is no longer active on MedRelay",
    ar: 'طلب {requester} على {medicine} اتسحب: الحساب ده مبقاش شغال على MedRelay',
  },
  /**
   * An agreed pickup its requester's account ended (suspended or deleted): to the owner (pushed).
   * Why, as the called-off e-mail says it (no longer active, nothing more), and what to do.
   */
  notifyApprovedWithdrawnSuspended: {
    en: '{requester} will not collect {quantity|unit} of {medicine}: the pickup is called off because their account is no longer active on MedRelay. Do not wait for them or hand the units over to anyone in their name; they are back on offer.',
    ar: '{requester} مش هيستلم {quantity|unit} من {medicine}: الاستلام اتلغى عشان حسابه مبقاش شغال على MedRelay. متستناهوش ومتسلّمش الوحدات لحد باسمه؛ الكمية رجعت معروضة تاني.',
  },
  /** Any approved pickup called off (the badge's «الاستلام اتلغى»), whoever ended it. */
  notifyPickupCancelledTitle: { en: 'Pickup called off', ar: 'الاستلام اتلغى' },
  /** An agreed pickup its owner's account ended (suspended or deleted): to the requester (pushed). */
  notifyPickupCancelledSuspended: {
    en: 'Your pickup of {quantity|unit} of {medicine} with {owner} is called off because their account is no longer active on MedRelay: do not go to collect it. If you still need this medicine, request it from another listing.',
    ar: 'استلام {quantity|unit} من {medicine} مع {owner} اتلغى عشان حسابه مبقاش شغال على MedRelay: متروحش تستلم. لو لسه محتاج الدوا ده، اطلبه من إعلان تاني.',
  },
  notifyPackChangedTitle: { en: 'Pack details changed', ar: 'بيانات العلبة اتغيرت' },
  notifyPackChanged: {
    en: 'The owner changed the details of the {quantity} × {medicine} you are to collect: batch {batch}, expires {expiry}. Check the pack at pickup.',
    ar: 'صاحب الإعلان غيّر بيانات {quantity} × {medicine} اللي هتستلمهم: التشغيلة {batch}، بتنتهي {expiry}. راجع العلبة وانت بتستلم.',
  },
  /**
   * An edit after the approval that is more than the pack codes: its name, type or categories
   * (`changes`: the `listingChange` words, e.g. "it now needs cold storage").
   */
  notifyListingChangedTitle: { en: 'Medicine details changed', ar: 'بيانات الدوا اتغيرت' },
  notifyListingChanged: {
    en: 'The owner changed the {quantity} × {medicine} you are to collect: {changes:listingChange}. Batch {batch}, expires {expiry}. Check the pack at pickup.',
    ar: 'صاحب الإعلان غيّر {quantity} × {medicine} اللي هتستلمهم: {changes:listingChange}. التشغيلة {batch}، بتنتهي {expiry}. راجع العلبة وانت بتستلم.',
  },
  notifyHandoverConfirmedTitle: { en: 'Handover confirmed', ar: 'التسليم اتأكد' },
  notifyHandoverConfirmed: {
    en: '{owner} confirmed handing over {quantity} × {medicine} with your code',
    ar: '{owner} أكّد تسليم {quantity} × {medicine} بالكود بتاعك',
  },
  notifyRequestCompletedTitle: { en: 'Medicine collected', ar: 'الدواء اتسلّم' },
  notifyRequestCompleted: {
    en: '{requester} collected {quantity|unit} of {medicine}',
    ar: '{requester} استلم {quantity|unit} من {medicine}',
  },
  calendarPickupSummary: { en: 'Pickup: {quantity} × {medicine}', ar: 'استلام: {quantity} × {medicine}' },
  calendarPickupDescription: {
    en: 'With {other}. The details and the handover code are in MedRelay: {url}',
    ar: 'مع {other}. التفاصيل وكود التسليم على MedRelay: {url}',
  },
  notifyCollectedUnconfirmedTitle: { en: 'Confirm the handover', ar: 'أكّد التسليم' },
  notifyCollectedUnconfirmed: {
    en: '{requester} says they collected {quantity} × {medicine} without the handover code. Confirm it if you handed it over, or dispute it.',
    ar: '{requester} بيقول إنه استلم {quantity} × {medicine} من غير كود التسليم. أكّد لو انت سلّمته، أو اعترض.',
  },
  notifyCollectionConfirmedTitle: { en: 'Handover confirmed', ar: 'التسليم اتأكد' },
  notifyCollectionConfirmed: {
    en: '{owner} confirmed handing over {quantity} × {medicine}',
    ar: '{owner} أكّد إنه سلّم {quantity} × {medicine}',
  },
  notifyCollectionDisputedTitle: { en: 'Handover disputed', ar: 'فيه اعتراض على التسليم' },
  notifyCollectionDisputed: {
    en: '{owner} says {quantity} × {medicine} was not handed over. An administrator will look into it.',
    ar: '{owner} بيقول إن {quantity} × {medicine} ماتسلّمش. مسؤول من المنصة هيراجع الموضوع.',
  },
  notifyCollectionDisputedAdmin: {
    en: '{owner} disputes that {requester} collected {quantity} × {medicine} (request {request}). Contact both parties.',
    ar: '{owner} بيعترض إن {requester} استلم {quantity} × {medicine} (طلب رقم {request}). كلّم الطرفين.',
  },
  notifyExpiryAlertTitle: { en: 'Medicine expiring soon', ar: 'دواء صلاحيته قربت تخلص' },
  // Days left as the badges count them (libs/domain daysLeft: Cairo days, today counted).
  notifyExpiryAlert: {
    en: '{medicine}: {days|day} left before expiry',
    ar: '{medicine}: فاضل {days|day} على انتهاء الصلاحية',
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
    en: '\u2068{medicine}\u2069 ({quantity|unit}, {days|day} left) matches your need "{need}"',
    ar: '\u2068{medicine}\u2069 ({quantity|unit}، فاضل {days|day}) مناسب لاحتياجك "{need}"',
  },
  notifyNeedMatchNear: {
    en: '\u2068{medicine}\u2069 ({quantity|unit}, {days|day} left, {distance} km away) matches your need "{need}"',
    ar: '\u2068{medicine}\u2069 ({quantity|unit}، فاضل {days|day}، على بعد {distance} كم) مناسب لاحتياجك "{need}"',
  },
  notifyNeedMetTitle: { en: 'Need met', ar: 'الاحتياج اتوفّر' },
  notifyNeedMet: {
    en: 'Your requests cover your need "{need}" ({requested|unit} requested, at least {min} needed): it is closed. Reopen it if you need more.',
    ar: 'طلباتك غطّت احتياجك "{need}" (اتطلب {requested|unit}، ومحتاجين {min} على الأقل): اتقفل. افتحه تاني لو محتاج أكتر.',
  },
  notifyNeedReopenedTitle: { en: 'Need open again', ar: 'الاحتياج اتفتح تاني' },
  notifyNeedReopened: {
    en: 'A request for your need "{need}" was cancelled or rejected ({requested|unit} still requested, at least {min} needed): it is open again.',
    ar: 'طلب لاحتياجك "{need}" اتلغى أو اترفض (لسه مطلوب {requested|unit}، ومحتاجين {min} على الأقل): رجع مفتوح تاني.',
  },
  pushUnavailable: {
    en: 'This platform does not send push notifications',
    ar: 'المنصة دي مش بتبعت إشعارات على الجهاز',
  },
  pushEndpointInvalid: {
    en: 'The push address is not valid',
    ar: 'عنوان الإشعارات مش صحيح',
  },
  pushKeyInvalid: {
    en: 'The device key is not valid',
    ar: 'مفتاح الجهاز مش صحيح',
  },
  pushSubscriptionNotFound: {
    en: 'That device is not receiving your notifications',
    ar: 'الجهاز ده مش بيستقبل إشعاراتك',
  },
} as const satisfies Record<string, Texts>;
