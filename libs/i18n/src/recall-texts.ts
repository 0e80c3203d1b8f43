/**
 * Signed-in texts of a recall reaching its holders: the flagged row, the
 * acknowledgement, the listing form's warning and its toast. They join the `work` namespace.
 */
const en = {
  recallNotice: {
    /** Asked of those with packs in hand (owners, holders of collected units). */
    acknowledge: 'I have set these units aside',
    /** Asked of requesters, who have nothing in hand. */
    acknowledgeRequest: 'Understood: I will not collect them',
    acknowledged: 'Set aside, confirmed {{date}}',
    acknowledgedRequest: 'Confirmed {{date}}',
    acknowledgeFailed: 'Your confirmation could not be saved',
    acknowledgedToast: 'Thank you: your confirmation is recorded',
    /** The requester's row: units received from a recalled batch. */
    held: 'Recall: {{reason}}. Set these units aside and do not dispense them until the recall is lifted.',
    /** The owner's row of the same transfer. */
    given: 'Recall: {{reason}}. The units you handed over are quarantined with the recipient.',
    formWarningTitle: 'This batch is recalled',
    formWarning:
      'Recall: {{reason}}. If you list it, it is quarantined at once: hidden and not requestable. Set these packs aside and do not dispense them.',
    scanRecalled: 'Filled from the pack code. Its batch is recalled: read the warning before saving.',
    listedQuarantinedTitle: 'Listed, but quarantined',
    listedQuarantined:
      'Its batch is recalled: nobody can see or request it until the recall is lifted. Set the packs aside and do not dispense them.',
    savedQuarantinedTitle: 'Saved, but quarantined',
  },
};

const ar: typeof en = {
  recallNotice: {
    acknowledge: 'شلت الوحدات دي على جنب',
    acknowledgeRequest: 'تمام: مش هستلمها',
    acknowledged: 'اتشالت على جنب، اتأكّد {{date}}',
    acknowledgedRequest: 'اتأكّد {{date}}',
    acknowledgeFailed: 'مقدرناش نسجّل تأكيدك',
    acknowledgedToast: 'شكراً: تأكيدك اتسجّل',
    held: 'سبب السحب: {{reason}}. شيل الوحدات دي على جنب ومتصرفهاش لحد ما السحب يترفع.',
    given: 'سبب السحب: {{reason}}. الوحدات اللي سلّمتها متحفّظ عليها عند اللي استلمها.',
    formWarningTitle: 'التشغيلة دي اتسحبت',
    formWarning:
      'سبب السحب: {{reason}}. لو عرضتها هتتحفّظ عليها فوراً: مش هتظهر ومحدش يقدر يطلبها. شيل العلب دي على جنب ومتصرفهاش.',
    scanRecalled: 'اتملت من كود العلبة. التشغيلة بتاعتها اتسحبت: اقرا التحذير قبل ما تحفظ.',
    listedQuarantinedTitle: 'اتعرض، بس متحفّظ عليه',
    listedQuarantined:
      'التشغيلة بتاعته اتسحبت: محدش هيشوفه ولا يطلبه لحد ما السحب يترفع. شيل العلب على جنب ومتصرفهاش.',
    savedQuarantinedTitle: 'اتحفظ، بس متحفّظ عليه',
  },
};

export const recallTexts = { en, ar };
