import { openedMailSchema, type Language, type MailTemplate } from '@medrelay/contracts';
import { describe, expect, it } from 'vitest';
import { renderMail } from './templates';

/** What the approval and pickup e-mails carry, the price aside. */
const data = {
  systemName: 'MedRelay',
  adminEmail: 'admin@medrelay.eg',
  name: 'Mona',
  medicineName: 'Concor 5mg',
  quantity: '3',
  providerName: 'Nile Pharmacy',
  windows: '',
  pickupLocation: '',
  mapUrl: '',
  address: '15 Mesaha Square',
  contactEmail: 'nile@example.test',
  requestsUrl: 'http://x/ngo/requests',
  when: 'Tuesday, 1 January 2030 · 10:00–12:00',
  location: 'Dokki',
  otherName: 'Nile Pharmacy',
  otherPhone: '',
};
const text = (template: MailTemplate, language: Language, values: object) =>
  renderMail(openedMailSchema.parse({ template, language, data: { ...data, ...values } })).text.replace(
    /\u00a0/g,
    ' ',
  );

describe('the approval and pickup e-mails say the price agreed', () => {
  for (const template of ['request-approved', 'pickup-confirmed'] as const) {
    it(`${template}: per unit and in total, in English`, () => {
      expect(text(template, 'en', { unitPrice: '12.50' })).toContain(
        'Price agreed: EGP 12.50 per unit, EGP 37.50 in total for 3 units.',
      );
      expect(text(template, 'en', { unitPrice: '12.50', quantity: '1' })).toContain(
        'Price agreed: EGP 12.50 per unit, EGP 12.50 in total for 1 unit.',
      );
    });

    it(`${template}: in Arabic, the units in their plural form, Latin digits`, () => {
      const mail = text(template, 'ar', { unitPrice: '12.50' });
      expect(mail).toMatch(
        /السعر المتفق عليه: \u200f?12\.50 ج\.م\.\u200f? للوحدة، والإجمالي \u200f?37\.50 ج\.م\.\u200f? لـ 3 وحدات\./,
      );
      expect(mail).not.toMatch(/[٠-٩]/);
    });

    it(`${template}: in Arabic, «لـ» joined to the counted noun, apart only before a number`, () => {
      const total = (quantity: string) =>
        text(template, 'ar', { unitPrice: '10', quantity }).match(/والإجمالي .*/)?.[0];
      expect(['1', '2', '3', '11'].map(total)).toEqual([
        expect.stringMatching(/^والإجمالي \u200f?10\.00 ج\.م\.\u200f? لوحدة واحدة\.$/),
        expect.stringMatching(/^والإجمالي \u200f?20\.00 ج\.م\.\u200f? لوحدتين\.$/),
        expect.stringMatching(/^والإجمالي \u200f?30\.00 ج\.م\.\u200f? لـ 3 وحدات\.$/),
        expect.stringMatching(/^والإجمالي \u200f?110\.00 ج\.م\.\u200f? لـ 11 وحدة\.$/),
      ]);
    });

    it(`${template}: free when given away, and nothing of money for a job queued before prices were mailed`, () => {
      expect(text(template, 'en', { unitPrice: '' })).toContain('Price: free of charge.');
      expect(text(template, 'ar', { unitPrice: '' })).toContain('السعر: مجاناً.');
      expect(text(template, 'en', {})).not.toMatch(/Price/);
      expect(text(template, 'ar', {})).not.toMatch(/السعر/);
    });
  }
});

describe('the request-approved e-mail of fewer units than asked', () => {
  const lineOf = (mail: string, start: string) => mail.split('\n\n').find((line) => line.startsWith(start));

  it('says so in English, subject and body, right under the approval', () => {
    const mail = (values: object) =>
      renderMail(
        openedMailSchema.parse({
          template: 'request-approved',
          language: 'en',
          data: { ...data, ...values },
        }),
      );
    const part = mail({ quantity: '2', askedQuantity: '5' });
    expect(part.subject).toBe('Your request for Concor 5mg is approved in part – MedRelay');
    expect(part.text.split('\n\n').slice(1, 3)).toEqual([
      'Nile Pharmacy approved your request for 2 units of Concor 5mg.',
      'That is fewer than you asked for: you asked for 5 units, and only 2 units will be handed over to you.',
    ]);
    expect(lineOf(mail({ quantity: '1', askedQuantity: '2' }).text, 'That is')).toBe(
      'That is fewer than you asked for: you asked for 2 units, and only 1 unit will be handed over to you.',
    );
  });

  it('says so in Egyptian Arabic, each count in its plural form, its digits isolated', () => {
    const line = (quantity: string, askedQuantity: string) =>
      lineOf(text('request-approved', 'ar', { quantity, askedQuantity }), 'خد بالك');
    const lri = (n: string) => `\u2066${n}\u2069`;
    expect([line('1', '2'), line('2', '5'), line('3', '11'), line('10', '12')]).toEqual([
      'خد بالك: اتوافق على أقل من اللي طلبته. انت طلبت وحدتين، واللي هيتسلّملك وحدة واحدة بس.',
      `خد بالك: اتوافق على أقل من اللي طلبته. انت طلبت ${lri('5')} وحدات، واللي هيتسلّملك وحدتين بس.`,
      `خد بالك: اتوافق على أقل من اللي طلبته. انت طلبت ${lri('11')} وحدة، واللي هيتسلّملك ${lri('3')} وحدات بس.`,
      `خد بالك: اتوافق على أقل من اللي طلبته. انت طلبت ${lri('12')} وحدة، واللي هيتسلّملك ${lri('10')} وحدات بس.`,
    ]);
    const subject = renderMail(
      openedMailSchema.parse({
        template: 'request-approved',
        language: 'ar',
        data: { ...data, quantity: '2', askedQuantity: '5' },
      }),
    ).subject;
    expect(subject).toBe('تمت الموافقة على جزء من طلبك لـ \u2068Concor 5mg\u2069 – MedRelay');
  });

  it('says nothing of it when every unit asked was approved, or for a job queued before', () => {
    for (const language of ['en', 'ar'] as const)
      for (const values of [{ askedQuantity: '3' }, {}]) {
        const mail = text('request-approved', language, values);
        expect(mail).not.toMatch(/fewer|خد بالك/);
      }
  });
});

describe("the owner's pickup-changed e-mail (its new offer withdrew the time agreed)", () => {
  const forOwner = {
    forOwner: 'yes',
    requesterName: 'Resala',
    agreedBefore: 'Tuesday, 1 January 2030 · \u206610:00–12:00\u2069',
    windows: '• Thursday, 3 January 2030 · \u206614:00–16:00\u2069',
  };

  it('says in English that the agreed time is removed from its calendar and the requester chooses again', () => {
    const mail = renderMail(
      openedMailSchema.parse({ template: 'pickup-changed', language: 'en', data: { ...data, ...forOwner } }),
    );
    expect(mail.subject).toBe('Pickup time changed: Concor 5mg – MedRelay');
    expect(mail.text).toContain(
      'You changed the pickup times for 3 units of Concor 5mg requested by Resala. The time agreed before, Tuesday, 1 January 2030 · \u206610:00–12:00\u2069, no longer holds: the attached calendar file removes it from your calendar.',
    );
    expect(mail.text).toContain('Resala chooses one of the new times, and you will be told then:');
    expect(mail.text).not.toContain('choose one of these in MedRelay');
  });

  it('in Egyptian Arabic, the times isolated', () => {
    const mail = renderMail(
      openedMailSchema.parse({
        template: 'pickup-changed',
        language: 'ar',
        data: { ...data, ...forOwner, quantity: '2' },
      }),
    );
    expect(mail.subject).toBe('ميعاد الاستلام اتغيّر: \u2068Concor 5mg\u2069 – MedRelay');
    expect(mail.text).toContain(
      'انت غيّرت مواعيد استلام وحدتين من Concor 5mg اللي طلبها Resala. الميعاد اللي كان متفق عليه، Tuesday, 1 January 2030 · \u206610:00–12:00\u2069، مبقاش ساري: ملف التقويم المرفق بيشيله من التقويم بتاعك.',
    );
    expect(mail.text).toContain('Resala هيختار ميعاد من المواعيد الجديدة، وهنبلغك ساعتها:');
  });
});

describe('what the pickup e-mails say their calendar files do', () => {
  const windows = '• Thursday, 3 January 2030 · \u206614:00–16:00\u2069';
  const agreedBefore = 'Tuesday, 1 January 2030 · \u206610:00–12:00\u2069';

  it('the approval offers times to choose from; only the time chosen goes to the calendar (en, ar)', () => {
    const en = text('request-approved', 'en', { windows });
    expect(en).toContain(
      `Pickup times offered (choose one in MedRelay; the time you choose then comes to your calendar):\n${windows}`,
    );
    const ar = text('request-approved', 'ar', { windows });
    expect(ar).toContain(
      `مواعيد الاستلام المتاحة (اختار واحد منهم على MedRelay، والميعاد اللي هتختاره هيتضاف للتقويم بتاعك بعدها):\n${windows}`,
    );
    for (const mail of [en, ar]) expect(mail).not.toMatch(/attached|المرفق/);
  });

  it('the agreed time comes as an invitation kept up to date, with nothing to answer (en, ar)', () => {
    expect(text('pickup-confirmed', 'en', {})).toContain(
      'The attached calendar invitation adds the pickup to your calendar, and later e-mails move it or take it out if the time changes or the pickup is called off. No need to answer it: the time is already agreed in MedRelay.',
    );
    expect(text('pickup-confirmed', 'ar', {})).toContain(
      'دعوة التقويم المرفقة بتضيف ميعاد الاستلام للتقويم بتاعك، ولو الميعاد اتغيّر أو الاستلام اتلغى الإيميلات الجاية هتغيّره أو تشيله. مش محتاج ترد على الدعوة: الميعاد متفق عليه خلاص على MedRelay.',
    );
  });

  it("new times tell the requester the agreed time's calendar event is removed, only when one was agreed (en, ar)", () => {
    expect(text('pickup-changed', 'en', { windows, agreedBefore })).toContain(
      `Nile Pharmacy changed the pickup times for 3 units of Concor 5mg. The time agreed before, ${agreedBefore}, no longer holds: the attached calendar file removes it from your calendar. Choose one of these in MedRelay (the time you choose then comes to your calendar):\n${windows}`,
    );
    expect(text('pickup-changed', 'ar', { windows, agreedBefore })).toContain(
      `Nile Pharmacy غيّر مواعيد استلام 3 وحدات من Concor 5mg. الميعاد اللي كان متفق عليه، ${agreedBefore}، مبقاش ساري: ملف التقويم المرفق بيشيله من التقويم بتاعك. اختار واحد من المواعيد دي على MedRelay (والميعاد اللي هتختاره هيتضاف للتقويم بتاعك):\n${windows}`,
    );
    const en = text('pickup-changed', 'en', { windows });
    expect(en).toContain(
      `Nile Pharmacy changed the pickup times for 3 units of Concor 5mg. Choose one of these in MedRelay (the time you choose then comes to your calendar):\n${windows}`,
    );
    const ar = text('pickup-changed', 'ar', { windows });
    expect(ar).toContain(
      `Nile Pharmacy غيّر مواعيد استلام 3 وحدات من Concor 5mg. اختار واحد من المواعيد دي على MedRelay (والميعاد اللي هتختاره هيتضاف للتقويم بتاعك):\n${windows}`,
    );
    for (const mail of [en, ar]) expect(mail).not.toMatch(/attached|المرفق/);
  });
});

describe('the pickup-called-off e-mail', () => {
  const calledOff = {
    readerRole: 'requester',
    byReader: 'no',
    calendar: 'yes',
    when: 'Tue 1 Jan 10:00–12:00',
  };

  it('tells the requester, in English, who called it off and not to go, and that the calendar file removes it', () => {
    const mail = text('pickup-called-off', 'en', calledOff);
    expect(mail).toContain(
      'Nile Pharmacy called off your pickup of 3 units of Concor 5mg: do not go to collect it.',
    );
    expect(mail).toContain('The time called off: Tue 1 Jan 10:00–12:00');
    expect(mail).toContain('The attached calendar file removes this pickup from your calendar.');
  });

  it('tells the requester, in Egyptian Arabic, the handover is off and not to go, for any count', () => {
    const news = (quantity: string) =>
      text('pickup-called-off', 'ar', { ...calledOff, quantity })
        .split('\n')
        .find((line) => line.startsWith('Nile Pharmacy'));
    expect(['1', '2', '3', '11'].map(news)).toEqual([
      'Nile Pharmacy لغى التسليم: متروحش تستلم وحدة واحدة من Concor 5mg.',
      'Nile Pharmacy لغى التسليم: متروحش تستلم وحدتين من Concor 5mg.',
      'Nile Pharmacy لغى التسليم: متروحش تستلم 3 وحدات من Concor 5mg.',
      'Nile Pharmacy لغى التسليم: متروحش تستلم 11 وحدة من Concor 5mg.',
    ]);
  });

  it('tells the owner, in Egyptian Arabic, not to wait (the units back on offer); without windows no calendar line', () => {
    const mail = text('pickup-called-off', 'ar', {
      ...calledOff,
      readerRole: 'owner',
      otherName: 'جمعية رسالة',
      quantity: '2',
      when: '',
      calendar: 'no',
    });
    expect(mail).toContain('جمعية رسالة مش هيستلم وحدتين من Concor 5mg: الاستلام اتلغى، فمتستناهوش.');
    expect(mail).toContain('الكمية رجعت معروضة في إعلانك');
    expect(mail).not.toMatch(/التقويم|الميعاد اللي اتلغى/);
  });

  it('after a suspension, tells the requester why (the owner no longer active, nothing more) and to request elsewhere, in both languages', () => {
    const ended = { ...calledOff, inactive: 'other' };
    const en = text('pickup-called-off', 'en', ended);
    expect(en).toContain(
      'The pickup of 3 units of Concor 5mg is called off because Nile Pharmacy is no longer active on MedRelay: do not go to collect it.',
    );
    expect(en).toContain('If you still need this medicine, request it from another listing on MedRelay.');
    const ar = text('pickup-called-off', 'ar', { ...ended, quantity: '2' });
    expect(ar).toContain(
      'استلام وحدتين من Concor 5mg اتلغى عشان حساب Nile Pharmacy مبقاش شغال على MedRelay: متروحش تستلم.',
    );
    expect(ar).toContain('لو لسه محتاج الدوا ده، اطلبه من إعلان تاني على MedRelay.');
    for (const mail of [en, ar]) expect(mail).not.toMatch(/MedRelay (called|لغى)|suspend|اتوقف/i);
  });

  it('after a suspension, tells the owner why and not to wait (the units back on offer), in both languages', () => {
    const ended = { ...calledOff, readerRole: 'owner', otherName: 'Resala', inactive: 'other' };
    const en = text('pickup-called-off', 'en', ended);
    expect(en).toContain(
      'Resala will not collect 3 units of Concor 5mg: the pickup is called off because their account is no longer active on MedRelay, so do not wait for them or hand the units over to anyone in their name.',
    );
    expect(en).toContain('The units are back on offer in your listing.');
    const ar = text('pickup-called-off', 'ar', { ...ended, quantity: '1' });
    expect(ar).toContain(
      'Resala مش هيستلم وحدة واحدة من Concor 5mg: الاستلام اتلغى عشان حسابه مبقاش شغال على MedRelay، فمتستناهوش ومتسلّمش الوحدات لحد باسمه.',
    );
    expect(ar).toContain('الكمية رجعت معروضة في إعلانك');
  });

  it('tells the suspended party its own account is why, with no link it can no longer open, in both languages', () => {
    const own = (language: Language, readerRole: string) =>
      text('pickup-called-off', language, { ...calledOff, readerRole, inactive: 'reader' });
    expect(own('en', 'requester')).toContain(
      'The pickup of 3 units of Concor 5mg with Nile Pharmacy is called off because your account is no longer active on MedRelay.\n\nDo not go to collect it.',
    );
    expect(own('ar', 'requester')).toContain(
      'استلام 3 وحدات من Concor 5mg مع Nile Pharmacy اتلغى عشان حسابك مبقاش شغال على MedRelay.\n\nمتروحش تستلم.',
    );
    expect(own('en', 'owner')).toContain('No one will come to collect it.');
    expect(own('ar', 'owner')).toContain('محدش هييجي يستلم منك.');
    for (const mail of [own('en', 'owner'), own('ar', 'owner')]) {
      expect(mail).not.toMatch(/back on offer|رجعت معروضة/);
      expect(mail).not.toContain('http://x/ngo/requests');
    }
  });

  it('after the platform released a missed pickup, tells each party why, the units back on offer, the calendar cleared (en, ar)', () => {
    const released = { ...calledOff, released: 'missed' };
    const requester = text('pickup-called-off', 'en', released);
    expect(requester).toContain(
      'Your pickup of 3 units of Concor 5mg is released: the agreed time passed without a handover and the grace period is over, so the units are back on offer.',
    );
    expect(requester).toContain('If you still need this medicine, request it again on MedRelay.');
    expect(requester).toContain('The attached calendar file removes this pickup from your calendar.');
    expect(text('pickup-called-off', 'ar', { ...released, quantity: '2' })).toContain(
      'استلام وحدتين من Concor 5mg اتلغى: الميعاد المتفق عليه عدّى من غير تسليم ومهلة السماح خلصت، فالوحدات رجعت معروضة.',
    );
    const owner = { ...released, readerRole: 'owner', otherName: 'Resala' };
    expect(text('pickup-called-off', 'en', owner)).toContain(
      'Resala did not collect 3 units of Concor 5mg: the agreed time passed without a handover and the grace period is over, so the pickup is released.',
    );
    const ar = text('pickup-called-off', 'ar', owner);
    expect(ar).toContain(
      'Resala مستلمش 3 وحدات من Concor 5mg: الميعاد المتفق عليه عدّى من غير تسليم ومهلة السماح خلصت، فالاستلام اتلغى.',
    );
    expect(ar).toContain('الكمية رجعت معروضة في إعلانك');
    expect(ar).toContain('ملف التقويم المرفق بيشيل ميعاد الاستلام ده من التقويم بتاعك.');
    const subject = renderMail(
      openedMailSchema.parse({
        template: 'pickup-called-off',
        language: 'en',
        data: { ...data, ...released },
      }),
    ).subject;
    expect(subject).toBe('Pickup released: Concor 5mg – MedRelay');
  });

  it('after the platform released a pickup never agreed, says no time was agreed in time (en, ar)', () => {
    const released = { ...calledOff, released: 'unsettled', when: '' };
    expect(text('pickup-called-off', 'en', released)).toContain(
      'Your pickup of 3 units of Concor 5mg is released: no pickup time was agreed in time, so the units are back on offer.',
    );
    expect(text('pickup-called-off', 'ar', released)).toContain(
      'استلام 3 وحدات من Concor 5mg اتلغى: مفيش ميعاد استلام اتفقتوا عليه في الوقت، فالوحدات رجعت معروضة.',
    );
    const owner = { ...released, readerRole: 'owner', otherName: 'Resala' };
    expect(text('pickup-called-off', 'en', owner)).toContain(
      'No time to collect 3 units of Concor 5mg was agreed with Resala in time, so the pickup is released.',
    );
    expect(text('pickup-called-off', 'ar', owner)).toContain(
      'مفيش ميعاد استلام 3 وحدات من Concor 5mg اتفقتوا عليه مع Resala في الوقت، فالاستلام اتلغى.',
    );
  });

  it('tells the one who called it off only that its calendar is cleared, in both languages', () => {
    const mine = { ...calledOff, byReader: 'yes', otherName: '' };
    expect(text('pickup-called-off', 'en', mine)).toContain(
      'You called off the pickup of 3 units of Concor 5mg.',
    );
    const ar = text('pickup-called-off', 'ar', mine);
    expect(ar).toContain('لغيت استلام 3 وحدات من Concor 5mg.');
    expect(ar).toContain('ملف التقويم المرفق بيشيل ميعاد الاستلام ده من التقويم بتاعك.');
  });
});

describe('the pickup-on-hold e-mail (a recall holds a pickup with a time agreed)', () => {
  const held = { reason: 'Mislabelled strength', when: 'Tuesday, 1 January 2030 · 10:00–11:00' };

  it('tells the requester, in English, not to go until the lift, and that the calendar file removes the time', () => {
    const mail = text('pickup-on-hold', 'en', { ...held, readerRole: 'requester' });
    expect(mail).toContain(
      'Your pickup of 3 units of Concor 5mg from Nile Pharmacy, agreed for Tuesday, 1 January 2030 · 10:00–11:00, is on hold: the batch is recalled (Mislabelled strength). Do not go to collect it until MedRelay tells you the recall is lifted.',
    );
    expect(mail).toContain('The attached calendar file removes this pickup from your calendar.');
    expect(mail).toContain('If the recall is lifted before that time, an e-mail puts it back');
  });

  it('tells the owner, in Egyptian Arabic, not to hand over until the lift, for any count', () => {
    const mail = text('pickup-on-hold', 'ar', {
      ...held,
      readerRole: 'owner',
      quantity: '2',
      otherName: 'جمعية رسالة',
    });
    expect(mail).toContain(
      'جمعية رسالة كان هييجي يستلم وحدتين من Concor 5mg يوم Tuesday, 1 January 2030 · 10:00–11:00، والاستلام ده اتوقف',
    );
    expect(mail).toContain('متسلّمش الوحدات لحد ما MedRelay يبلغك إن السحب اترفع.');
    expect(mail).toContain('ملف التقويم المرفق بيشيل ميعاد الاستلام ده من التقويم بتاعك.');
    expect(mail).not.toContain('متروحش');
  });
});

describe('the transfer e-mails count with their noun', () => {
  it('in English and Arabic, as the notices do', () => {
    expect(text('request-approved', 'en', { quantity: '1' })).toContain(
      'Nile Pharmacy approved your request for 1 unit of Concor 5mg.',
    );
    expect(text('pickup-confirmed', 'en', {})).toContain('The pickup of 3 units of Concor 5mg is set for');
    expect(
      ['1', '2', '3', '11'].map((quantity) => text('request-approved', 'ar', { quantity }).split('\n\n')[1]),
    ).toEqual([
      'Nile Pharmacy وافق على طلبك لوحدة واحدة من Concor 5mg.',
      'Nile Pharmacy وافق على طلبك لوحدتين من Concor 5mg.',
      'Nile Pharmacy وافق على طلبك لـ 3 وحدات من Concor 5mg.',
      'Nile Pharmacy وافق على طلبك لـ 11 وحدة من Concor 5mg.',
    ]);
    expect(text('pickup-confirmed', 'ar', {})).toContain('استلام 3 وحدات من Concor 5mg اتحدد يوم');
  });
});
