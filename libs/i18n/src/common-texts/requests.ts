import type { ArabicPlurals } from '../plurals';

/** Shared texts (namespace `common`) of requests: statuses, the request row and dialog, contact. */
const en = {
  requestStatus: {
    pending: 'Pending',
    pendingReview: 'Pending Review',
    approved: 'Approved',
    rejected: 'Rejected',
    completed: 'Completed',
    cancelled: 'Cancelled',
    /** Rejected or cancelled after its approval (the request's `calledOff`), whoever ended it. */
    calledOff: 'Called off',
  },
  request: {
    quantity: 'Quantity',
    available_one: '{{count}} unit available',
    available_other: '{{count}} units available',
    notes: 'Notes (optional)',
    submit: 'Submit Request',
    transferNotes_one: 'Inter-pharmacy transfer request for {{count}} unit',
    transferNotes_other: 'Inter-pharmacy transfer request for {{count}} units',
    pickupNotes_one: 'Pickup request for {{count}} unit',
    pickupNotes_other: 'Pickup request for {{count}} units',
    quantityMax_one: 'Only {{count}} unit is available',
    quantityMax_other: 'Only {{count}} units are available',
    requester: 'Requested by \u2068{{name}}\u2069',
    provider: 'From \u2068{{name}}\u2069',
    unknown: 'Unknown',
    // A private donor before an approval gives no name: "From a donor".
    aDonor: 'a donor',
    notesLabel: 'Notes: {{notes}}',
    onHold: 'On hold — batch recalled',
    recallReason: 'Batch recall: {{reason}}',
    openExisting: 'Open my request',
    existingFailed: 'Your request could not be loaded',
    cancel: 'Cancel Request',
    collected: 'Mark as Collected',
    confirmCancelTitle: 'Cancel this request?',
    confirmCancelBody:
      'Your request for {{name}} will be withdrawn. To get it later you will need to request again.',
    confirmCancel: 'Cancel Request',
    keepRequest: 'Keep request',
    confirmCollectedTitle: 'Mark as collected?',
    confirmCollectedBody:
      'Received {{name}} without the handover code? It is recorded as collected and the owner is asked to confirm it. The code is quicker: show it when you collect.',
    confirmCollected: 'Mark as Collected',
    notYet: 'Not yet',
    cancelPickup: 'Cancel Pickup',
    confirmCancelPickupTitle: 'Cancel this pickup?',
    confirmCancelPickupBody:
      'You will not collect {{name}}: the owner is told not to expect you and the units go back on offer.',
    /** The same for a pickup a batch recall holds: the units stay off the market with the owner. */
    confirmCancelHeldPickupBody:
      'You will not collect {{name}}: the owner is told not to expect you. Its batch is recalled, so the units stay set aside with the owner; this also confirms the recall notice for this pickup.',
    keepPickup: 'Keep pickup',
    callOff: 'Call Off Pickup',
    confirmCallOffTitle: 'Call off this pickup?',
    confirmCallOffBody:
      'You cannot hand over {{name}} after all? The requester is told not to come and the units go back on offer: lower the quantity of your listing if they are damaged or gone.',
    confirmCallOffHeldBody:
      'The requester is told not to come for {{name}}. Its batch is recalled: the units are not offered again; keep the packs set aside as the recall notice asks.',
    pickupCalledOff: 'Pickup called off',
    pickupCalledOffBody: 'The pickup of {{name}} is called off.',
    /** The owner's toast after Call Off Pickup (Arabic words it as the handover, as its button does). */
    handoverCalledOff: 'Pickup called off',
    handoverCalledOffBody: 'The pickup of {{name}} is called off.',
    /** A row ended after its approval, as the party that did not end it reads it. */
    calledOffByOwner: 'The owner called off this pickup after approving it: do not go to collect it.',
    cancelledAfterApproval:
      'The requester cancelled this pickup after your approval; its units went back on offer.',
    /** The same for a pickup a batch recall holds: its units stay set aside with the owner. */
    cancelledAfterApprovalHeld:
      'The requester cancelled this pickup after your approval. Its batch is recalled: the units are not offered again; keep the packs set aside as the recall notice asks.',
    /** A pending request at the listing's price now (units × per unit = total), which approval fixes. */
    priceCurrent: 'Current price: {{sum}} (fixed on approval)',
    /** The price recorded on approval. */
    priceAgreed: 'Agreed price: {{sum}}',
    /** The owner's approve dialog: what the requester pays, `units` counted with their noun. */
    approveTotal:
      'You are approving {{units}} of {{name}} at the current price: {{sum}}. This is what the requester pays; it is recorded with the approval.',
    approveFree: 'You are approving {{units}} of {{name}}, free of charge.',
    unitsToApprove: 'Units to approve',
    /** Beside the units approved when the owner approved fewer: '2 units (of 5 units asked)'. */
    ofAsked: '(of {{units}} asked)',
    /** The units to approve are not a whole number from 1 to what is left (`count`). */
    unitsToApproveInvalid_one: 'Only 1 unit can be approved: enter 1.',
    unitsToApproveInvalid_other: 'Enter a whole number from 1 to {{count}}.',
    /** `count` units left, `left` and `asked` counted with their noun; with 1 left there is nothing fewer. */
    onlyLeft_one: 'Only {{left}} left of the {{asked}} asked: approve it or reject the request.',
    onlyLeft_other: 'Only {{left}} left of the {{asked}} asked: approve those, fewer, or reject the request.',
  },
  contact: {
    label: 'Contact',
    person: 'Contact person: {{name}}',
    call: 'Call {{name}} on {{phone}}',
    whatsApp: 'WhatsApp',
    whatsAppLabel: 'Message {{name}} on WhatsApp',
    message: 'Hello, this is about MedRelay request #{{id}} for {{medicine}}.',
  },
};

const ar: typeof en & {
  request: ArabicPlurals<
    'available' | 'transferNotes' | 'pickupNotes' | 'quantityMax' | 'unitsToApproveInvalid' | 'onlyLeft'
  >;
} = {
  requestStatus: {
    pending: 'مستني الرد',
    pendingReview: 'في انتظار المراجعة',
    approved: 'مقبول',
    rejected: 'مرفوض',
    completed: 'اتسلّم',
    cancelled: 'ملغي',
    calledOff: 'الاستلام اتلغى',
  },
  request: {
    quantity: 'الكمية',
    available_zero: 'مفيش وحدات متاحة',
    available_one: 'وحدة واحدة متاحة',
    available_two: 'وحدتين متاحين',
    available_few: '{{count}} وحدات متاحة',
    available_many: '{{count}} وحدة متاحة',
    available_other: '{{count}} وحدة متاحة',
    notes: 'ملاحظات (اختياري)',
    submit: 'ابعت الطلب',
    transferNotes_zero: 'طلب تحويل بين الصيدليات',
    transferNotes_one: 'طلب تحويل بين الصيدليات لوحدة واحدة',
    transferNotes_two: 'طلب تحويل بين الصيدليات لوحدتين',
    transferNotes_few: 'طلب تحويل بين الصيدليات لـ {{count}} وحدات',
    transferNotes_many: 'طلب تحويل بين الصيدليات لـ {{count}} وحدة',
    transferNotes_other: 'طلب تحويل بين الصيدليات لـ {{count}} وحدة',
    pickupNotes_zero: 'طلب استلام',
    pickupNotes_one: 'طلب استلام لوحدة واحدة',
    pickupNotes_two: 'طلب استلام لوحدتين',
    pickupNotes_few: 'طلب استلام لـ {{count}} وحدات',
    pickupNotes_many: 'طلب استلام لـ {{count}} وحدة',
    pickupNotes_other: 'طلب استلام لـ {{count}} وحدة',
    quantityMax_zero: 'مفيش وحدات متاحة',
    quantityMax_one: 'المتاح وحدة واحدة بس',
    quantityMax_two: 'المتاح وحدتين بس',
    quantityMax_few: 'المتاح {{count}} وحدات بس',
    quantityMax_many: 'المتاح {{count}} وحدة بس',
    quantityMax_other: 'المتاح {{count}} وحدة بس',
    requester: 'صاحب الطلب: \u2068{{name}}\u2069',
    provider: 'من: \u2068{{name}}\u2069',
    unknown: 'غير معروف',
    aDonor: 'متبرع',
    notesLabel: 'ملاحظات: {{notes}}',
    onHold: 'متوقف — التشغيلة اتسحبت',
    recallReason: 'سحب التشغيلة: {{reason}}',
    openExisting: 'افتح طلبي',
    existingFailed: 'مقدرناش نحمّل طلبك',
    cancel: 'إلغاء الطلب',
    collected: 'تم الاستلام',
    confirmCancelTitle: 'تلغي الطلب ده؟',
    confirmCancelBody: 'طلبك لـ {{name}} هيتلغي. لو عايزه بعدين هتحتاج تطلبه تاني.',
    confirmCancel: 'إلغاء الطلب',
    keepRequest: 'خلّي الطلب',
    confirmCollectedTitle: 'تأكد إنك استلمت؟',
    confirmCollectedBody:
      'استلمت {{name}} من غير كود التسليم؟ هيتسجّل إنه اتسلّم وصاحب الدوا هيتطلب منه يأكّد. الكود أسرع: وريه وانت بتستلم.',
    confirmCollected: 'تم الاستلام',
    notYet: 'لسه',
    cancelPickup: 'إلغاء الاستلام',
    confirmCancelPickupTitle: 'تلغي الاستلام ده؟',
    confirmCancelPickupBody: 'مش هتستلم {{name}}: صاحب الدوا هيتبلّغ ميستناكش والكمية هترجع معروضة تاني.',
    confirmCancelHeldPickupBody:
      'مش هتستلم {{name}}: صاحب الدوا هيتبلّغ ميستناكش. التشغيلة دي اتسحبت، فالكمية هتفضل متشالة عند صاحبها؛ وده كمان تأكيد منك لإشعار السحب الخاص بالاستلام ده.',
    keepPickup: 'خلّي الاستلام',
    callOff: 'إلغاء التسليم',
    confirmCallOffTitle: 'تلغي التسليم ده؟',
    confirmCallOffBody:
      'مش هتقدر تسلّم {{name}}؟ صاحب الطلب هيتبلّغ ميجيش والكمية هترجع معروضة تاني: قلّل كمية الدوا عندك لو العلب بايظة أو مش موجودة.',
    confirmCallOffHeldBody:
      'صاحب الطلب هيتبلّغ ميجيش يستلم {{name}}. التشغيلة دي اتسحبت: الكمية مش هتتعرض تاني؛ خلّي العلب متشالة زي ما إشعار السحب بيقول.',
    pickupCalledOff: 'الاستلام اتلغى',
    pickupCalledOffBody: 'استلام {{name}} اتلغى.',
    handoverCalledOff: 'التسليم اتلغى',
    handoverCalledOffBody: 'تسليم {{name}} اتلغى.',
    calledOffByOwner: 'صاحب الدوا لغى التسليم بعد ما وافق: متروحش تستلم.',
    cancelledAfterApproval: 'صاحب الطلب لغى الاستلام بعد ما انت وافقت؛ الكمية رجعت معروضة تاني.',
    cancelledAfterApprovalHeld:
      'صاحب الطلب لغى الاستلام بعد ما انت وافقت. التشغيلة دي اتسحبت: الكمية مش هتتعرض تاني؛ خلّي العلب متشالة زي ما إشعار السحب بيقول.',
    priceCurrent: 'السعر الحالي: {{sum}} (بيتثبت مع الموافقة)',
    priceAgreed: 'السعر المتفق عليه: {{sum}}',
    approveTotal:
      // The sum is followed by words, not a full stop: 'ج.م.' then '.' read as a typo ('ج.م..').
      'انت بتوافق على {{units}} من {{name}}. صاحب الطلب هيدفع {{sum}} بالسعر الحالي، والمبلغ ده بيتسجّل مع الموافقة.',
    approveFree: 'انت بتوافق على {{units}} من {{name}} مجاناً.',
    unitsToApprove: 'الكمية اللي هتوافق عليها',
    ofAsked: '(من {{units}} اتطلبت)',
    unitsToApproveInvalid_zero: 'مفيش وحدات ينفع توافق عليها.',
    unitsToApproveInvalid_one: 'ينفع توافق على وحدة واحدة بس: اكتب 1.',
    unitsToApproveInvalid_two: 'اكتب رقم صحيح من 1 لـ {{count}}.',
    unitsToApproveInvalid_few: 'اكتب رقم صحيح من 1 لـ {{count}}.',
    unitsToApproveInvalid_many: 'اكتب رقم صحيح من 1 لـ {{count}}.',
    unitsToApproveInvalid_other: 'اكتب رقم صحيح من 1 لـ {{count}}.',
    onlyLeft_zero: 'مفيش حاجة فاضلة من {{asked}} اتطلبوا: ارفض الطلب.',
    onlyLeft_one: 'فاضل {{left}} بس من {{asked}} اتطلبوا: وافق عليها أو ارفض الطلب.',
    onlyLeft_two: 'فاضل {{left}} بس من {{asked}} اتطلبوا: وافق على اللي فاضل أو على عدد أقل، أو ارفض الطلب.',
    onlyLeft_few: 'فاضل {{left}} بس من {{asked}} اتطلبوا: وافق على اللي فاضل أو على عدد أقل، أو ارفض الطلب.',
    onlyLeft_many: 'فاضل {{left}} بس من {{asked}} اتطلبوا: وافق على اللي فاضل أو على عدد أقل، أو ارفض الطلب.',
    onlyLeft_other:
      'فاضل {{left}} بس من {{asked}} اتطلبوا: وافق على اللي فاضل أو على عدد أقل، أو ارفض الطلب.',
  },
  contact: {
    label: 'للتواصل',
    person: 'المسؤول: {{name}}',
    call: 'اتصل بـ {{name}} على {{phone}}',
    whatsApp: 'واتساب',
    whatsAppLabel: 'ابعت رسالة واتساب لـ {{name}}',
    message: 'أهلاً، بكلمك بخصوص طلب MedRelay رقم {{id}} على {{medicine}}.',
  },
};

export const requestTexts = { en, ar };
