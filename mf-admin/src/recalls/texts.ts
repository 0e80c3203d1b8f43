import type { ArabicPlurals } from '@medrelay/i18n';

/** The admin area's texts for recalls (namespace `admin`), in English and Egyptian Arabic. */
const en = {
  recalls: {
    title: 'Recalls',
    subtitle:
      'Recall a batch: every open listing of it is quarantined at once, its requests cancelled or put on hold, and everyone who holds it told what to do. See who was reached and who has acknowledged.',
    formTitle: 'Recall a batch',
    batch: 'Batch',
    reason: 'Reason',
    issue: 'Recall batch',
    issued: 'Batch recalled. Listings quarantined: {{count}}',
    issueFailed: 'Could not recall the batch',
    preview: {
      title: 'Recall batch {{batch}} of {{gtin}}?',
      listings_one: '{{count}} listing',
      listings_other: '{{count}} listings',
      owners_one: '{{count}} owner',
      owners_other: '{{count}} owners',
      units_one: '{{count}} unit',
      units_other: '{{count}} units',
      figures:
        '{{listings}} by {{owners}}, {{units}} on offer, will be quarantined at once: hidden and not requestable until the recall is lifted.',
      figuresHeld:
        '{{listings}} by {{owners}}, {{units}}, already quarantined by the recall in force, will be held by this one too: hidden until both are lifted.',
      stops:
        'Pending requests for this batch are cancelled (lifting the recall does not bring them back) and agreed pickups put on hold. Everyone who lists, requested, collected or holds it is told at once, in the app and by e-mail.',
      nothing:
        'No listing of this batch is on offer now: nothing is quarantined today, and a listing of it made later is quarantined at once.',
      failed: 'Could not check what this recall would reach',
      // The reason is the admin's own text, in either language: isolated from the sentence.
      inForce:
        'A recall of this batch is already in force, since {{date}}: \u2068{{reason}}\u2069. Issuing another tells everyone who holds it again.',
    },
    history: 'History',
    empty: 'No recalls yet',
    loadFailed: 'Could not load the recalls',
    hidden: 'Listings quarantined: {{count}}',
    active: 'Active',
    lifted: 'Lifted',
    liftedOn: 'lifted {{date}}',
    lift: 'Lift',
    liftTitle: 'Lift this recall?',
    liftBody:
      'The listings of batch {{batch}} it quarantined are offered again (unless another active recall holds them), and held requests go on.',
    liftDone: 'Recall lifted',
    liftFailed: 'Could not lift the recall',
    reach: {
      summary: '{{acknowledged}} of {{reached}} acknowledged',
      pending: 'Notifying those who hold this batch…',
      nobody: 'Nobody on MedRelay holds this batch',
      untracked: 'Issued before MedRelay recorded who a recall reaches',
      show: 'Who was reached',
      loadFailed: 'Could not load who was reached',
      unknown: 'Unknown',
      holding: {
        listed: 'Listed {{medicine}}: quantity {{quantity}}',
        collected: 'Collected {{medicine}}: quantity {{quantity}}',
        approved: 'Approved to collect {{medicine}}: quantity {{quantity}}',
        requested: 'Requested {{medicine}}: quantity {{quantity}}',
      },
      notified: 'Notified {{date}}',
      lastSent: 'sent again {{date}}',
      acknowledgedOn: 'Acknowledged {{date}}',
      notAcknowledged: 'Not acknowledged',
      resend: 'Resend to those who have not acknowledged',
      resendTitle: 'Send the recall notice again?',
      resendBody:
        'Those who have not acknowledged ({{count}}) get the notice again, in the app and by e-mail, in their language.',
      resendDone: 'Notice sent again to those who have not acknowledged ({{count}})',
      resendNone: 'Everyone had acknowledged meanwhile: nothing was sent',
      resendFailed: 'Could not send the notice again',
    },
  },
};

const ar: typeof en & { recalls: { preview: ArabicPlurals<'listings' | 'owners' | 'units'> } } = {
  recalls: {
    title: 'سحب التشغيلات',
    subtitle:
      'اسحب تشغيلة: كل العروض المفتوحة منها بتتحفّظ عليها فوراً، وطلباتها بتتلغي أو تتوقف، وكل اللي عنده منها بيوصله إشعار باللي يعمله. شوف مين وصله ومين أكّد.',
    formTitle: 'سحب تشغيلة',
    batch: 'التشغيلة',
    reason: 'السبب',
    issue: 'اسحب التشغيلة',
    issued: 'التشغيلة اتسحبت. العروض المتحفّظ عليها: {{count}}',
    issueFailed: 'مقدرناش نسحب التشغيلة',
    preview: {
      title: 'تسحب التشغيلة {{batch}} من {{gtin}}؟',
      listings_zero: '{{count}} عرض',
      listings_one: 'عرض واحد',
      listings_two: 'عرضين',
      listings_few: '{{count}} عروض',
      listings_many: '{{count}} عرض',
      listings_other: '{{count}} عرض',
      owners_zero: '{{count}} صاحب',
      owners_one: 'صاحب واحد',
      owners_two: 'صاحبين',
      owners_few: '{{count}} أصحاب',
      owners_many: '{{count}} صاحب',
      owners_other: '{{count}} صاحب',
      units_zero: '{{count}} وحدة',
      units_one: 'وحدة واحدة',
      units_two: 'وحدتين',
      units_few: '{{count}} وحدات',
      units_many: '{{count}} وحدة',
      units_other: '{{count}} وحدة',
      figures:
        'هيتحفّظ فوراً على {{listings}} عند {{owners}}، فيهم {{units}} معروضين للطلب: مش هيظهروا ومحدش هيقدر يطلبهم لحد ما السحب يترفع.',
      figuresHeld:
        '{{listings}} عند {{owners}}، فيهم {{units}}، متحفّظ عليهم بالفعل بالسحب الشغّال، وهيفضلوا متحفّظ عليهم بالسحب ده كمان: مش هيظهروا غير لما الاتنين يترفعوا.',
      stops:
        'الطلبات المستنية على التشغيلة دي هتتلغي (ورفع السحب مش هيرجّعها)، ومواعيد الاستلام المتفق عليها هتتوقف. وكل اللي عارضها أو طلبها أو استلم منها أو عنده منها هيوصله إشعار فوراً، في التطبيق وعلى الإيميل.',
      nothing:
        'مفيش أي عرض من التشغيلة دي معروض دلوقتي: مفيش حاجة هيتحفّظ عليها النهارده، وأي عرض منها يتعمل بعد كده هيتحفّظ عليه على طول.',
      failed: 'مقدرناش نعرف السحب ده هيوصل لمين',
      inForce:
        'التشغيلة دي عليها سحب شغّال من {{date}}: \u2068{{reason}}\u2069. لو سحبتها تاني، كل اللي عنده منها هيوصله إشعار تاني.',
    },
    history: 'السجل',
    empty: 'لسه مفيش سحب',
    loadFailed: 'مقدرناش نحمّل عمليات السحب',
    hidden: 'العروض المتحفّظ عليها: {{count}}',
    active: 'شغال',
    lifted: 'اترفع',
    liftedOn: 'اترفع {{date}}',
    lift: 'ارفع السحب',
    liftTitle: 'ترفع السحب ده؟',
    liftBody:
      'عروض التشغيلة {{batch}} اللي اتحفّظ عليها هترجع معروضة (إلا لو فيه سحب تاني شغال عليها)، والطلبات المتوقفة هتكمّل.',
    liftDone: 'السحب اترفع',
    liftFailed: 'مقدرناش نرفع السحب',
    reach: {
      summary: '{{acknowledged}} من {{reached}} أكّدوا',
      pending: 'بنبلّغ اللي عندهم التشغيلة دي…',
      nobody: 'محدش على MedRelay عنده التشغيلة دي',
      untracked: 'اتعمل قبل ما MedRelay يسجّل مين بيوصله السحب',
      show: 'مين وصله الإشعار',
      loadFailed: 'مقدرناش نحمّل مين وصله الإشعار',
      unknown: 'مش معروف',
      holding: {
        listed: 'عارض {{medicine}}: الكمية {{quantity}}',
        collected: 'استلم {{medicine}}: الكمية {{quantity}}',
        approved: 'متوافق له يستلم {{medicine}}: الكمية {{quantity}}',
        requested: 'طالب {{medicine}}: الكمية {{quantity}}',
      },
      notified: 'اتبلّغ {{date}}',
      lastSent: 'اتبعتله تاني {{date}}',
      acknowledgedOn: 'أكّد {{date}}',
      notAcknowledged: 'لسه مأكّدش',
      resend: 'ابعت تاني للي لسه مأكّدوش',
      resendTitle: 'تبعت إشعار السحب تاني؟',
      resendBody: 'اللي لسه مأكّدوش ({{count}}) هيوصلهم الإشعار تاني، في التطبيق وعلى الإيميل، بلغتهم.',
      resendDone: 'الإشعار اتبعت تاني للي لسه مأكّدوش ({{count}})',
      resendNone: 'الكل أكّد في الوقت ده: متبعتش حاجة',
      resendFailed: 'مقدرناش نبعت الإشعار تاني',
    },
  },
};

export const recallsTexts = { en, ar };
