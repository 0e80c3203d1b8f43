/** The admin area's texts for recalls (namespace `admin`), in English and Egyptian Arabic. */
const en = {
  recalls: {
    title: 'Recalls',
    subtitle:
      'Recall a batch: every open listing of it is quarantined at once, its requests cancelled or put on hold, and everyone concerned told.',
    formTitle: 'Recall a batch',
    batch: 'Batch',
    reason: 'Reason',
    issue: 'Recall batch',
    issued: 'Batch recalled. Listings quarantined: {{count}}',
    issueFailed: 'Could not recall the batch',
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
  },
};

const ar: typeof en = {
  recalls: {
    title: 'سحب التشغيلات',
    subtitle:
      'اسحب تشغيلة: كل العروض المفتوحة منها بتتحفّظ عليها فوراً، وطلباتها بتتلغي أو تتوقف، وكل اللي يهمهم الأمر بيوصلهم إشعار.',
    formTitle: 'سحب تشغيلة',
    batch: 'التشغيلة',
    reason: 'السبب',
    issue: 'اسحب التشغيلة',
    issued: 'التشغيلة اتسحبت. العروض المتحفّظ عليها: {{count}}',
    issueFailed: 'مقدرناش نسحب التشغيلة',
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
  },
};

export const recallsTexts = { en, ar };
