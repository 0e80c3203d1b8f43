import { useTranslation } from 'react-i18next';
import type { Language } from '@medrelay/contracts';
import { addTexts } from '@medrelay/i18n';

/** Texts of "Notifications on this device" (web push). */
const en = {
  title: 'Notifications on this device',
  intro:
    'Get what cannot wait even when MedRelay is closed: an answer to your request, a pickup time, a reminder, a recall, a match for an urgent need.',
  on: 'On for this device.',
  off: 'Off for this device.',
  turnOn: 'Turn on',
  working: 'One moment…',
  unsupported:
    'This browser cannot receive notifications. On a phone, add MedRelay to the home screen first.',
  unavailable: 'This platform does not send notifications yet.',
  blocked:
    'Notifications are blocked for MedRelay in this browser: allow them in the site settings, then try again.',
  devicesTitle_one: 'Receiving on {{count}} device',
  devicesTitle_other: 'Receiving on {{count}} devices',
  unknownDevice: 'A browser',
  thisDevice: 'This device',
  added: 'Added {{date}}',
  lastReached: 'last notified {{when}}',
  neverReached: 'not notified yet',
  stopHere: 'Stop on this device',
  stopHereTitle: 'Stop notifications on this device?',
  stopHereBody: 'This device stops receiving MedRelay notifications. You can turn them on again here.',
  stopFailed: 'Could not stop notifications on this device',
  keep: 'Keep',
  remove: 'Remove',
  removeNamed: 'Remove {{device}}, added {{date}}',
  removeTitle: 'Remove {{device}}?',
  removeBody:
    'The device added on {{date}} stops receiving MedRelay notifications. To receive them there again, turn them on from that device.',
  removed: '{{device}} no longer receives notifications',
  removeFailed: 'Could not remove the device',
  turnedOn: 'Notifications turned on for this device',
  turnedOff: 'Notifications turned off for this device',
  failed: 'Could not turn on notifications on this device',
  noAnswer: "This browser's push service did not answer. Try again later.",
};

const ar: typeof en & {
  devicesTitle_zero: string;
  devicesTitle_two: string;
  devicesTitle_few: string;
  devicesTitle_many: string;
} = {
  title: 'الإشعارات على الجهاز ده',
  intro:
    'اعرف اللي مايستناش حتى لو MedRelay مقفول: رد على طلبك، ميعاد استلام، تذكير، سحب تشغيلة، أو حاجة مناسبة لاحتياج عاجل.',
  on: 'شغّالة على الجهاز ده.',
  off: 'مقفولة على الجهاز ده.',
  turnOn: 'شغّلها',
  working: 'لحظة…',
  unsupported: 'المتصفح ده مش بيستقبل إشعارات. على الموبايل، ضيف MedRelay للشاشة الرئيسية الأول.',
  unavailable: 'المنصة دي لسه مش بتبعت إشعارات.',
  blocked: 'الإشعارات متقفلة لـ MedRelay في المتصفح ده: اسمح بيها من إعدادات الموقع وجرّب تاني.',
  devicesTitle_zero: 'مفيش أجهزة بتستقبل',
  devicesTitle_one: 'بتستقبل على جهاز واحد',
  devicesTitle_two: 'بتستقبل على جهازين',
  devicesTitle_few: 'بتستقبل على {{count}} أجهزة',
  devicesTitle_many: 'بتستقبل على {{count}} جهاز',
  devicesTitle_other: 'بتستقبل على {{count}} جهاز',
  unknownDevice: 'متصفح',
  thisDevice: 'الجهاز ده',
  added: 'اتضاف {{date}}',
  lastReached: 'آخر إشعار وصله {{when}}',
  neverReached: 'لسه ماوصلوش إشعار',
  stopHere: 'وقّفها على الجهاز ده',
  stopHereTitle: 'توقّف الإشعارات على الجهاز ده؟',
  stopHereBody: 'الجهاز ده مش هيستقبل إشعارات MedRelay تاني. تقدر تشغّلها هنا تاني في أي وقت.',
  stopFailed: 'مقدرناش نوقّف الإشعارات على الجهاز ده',
  keep: 'سيبه',
  remove: 'شيله',
  removeNamed: 'شيله: {{device}}، اتضاف {{date}}',
  removeTitle: 'تشيل {{device}}؟',
  removeBody:
    'الجهاز اللي اتضاف {{date}} مش هيستقبل إشعارات MedRelay تاني. عشان يستقبلها تاني، شغّلها من الجهاز نفسه.',
  removed: '{{device}} مش هيستقبل إشعارات تاني',
  removeFailed: 'مقدرناش نشيل الجهاز',
  turnedOn: 'الإشعارات اتشغّلت على الجهاز ده',
  turnedOff: 'الإشعارات اتقفلت على الجهاز ده',
  failed: 'مقدرناش نشغّل الإشعارات على الجهاز ده',
  noAnswer: 'خدمة الإشعارات بتاعة المتصفح ده مردّتش. جرّب تاني بعدين.',
};

const pushTexts: Record<Language, typeof en> = { en, ar };

export function usePushTexts() {
  const { i18n } = useTranslation();
  addTexts(i18n, 'push', pushTexts);
  return useTranslation('push');
}
