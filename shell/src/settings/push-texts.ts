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
  turnOff: 'Turn off',
  working: 'One moment…',
  unsupported:
    'This browser cannot receive notifications. On a phone, add MedRelay to the home screen first.',
  unavailable: 'This platform does not send notifications yet.',
  blocked:
    'Notifications are blocked for MedRelay in this browser: allow them in the site settings, then try again.',
  devices_one: 'Receiving on {{count}} device: {{names}}',
  devices_other: 'Receiving on {{count}} devices: {{names}}',
  unknownDevice: 'a browser',
  turnedOn: 'Notifications turned on for this device',
  turnedOff: 'Notifications turned off for this device',
  failed: 'Could not turn on notifications on this device',
  noAnswer: "This browser's push service did not answer. Try again later.",
};

const ar: typeof en & {
  devices_zero: string;
  devices_two: string;
  devices_few: string;
  devices_many: string;
} = {
  title: 'الإشعارات على الجهاز ده',
  intro:
    'اعرف اللي مايستناش حتى لو MedRelay مقفول: رد على طلبك، ميعاد استلام، تذكير، سحب تشغيلة، أو حاجة مناسبة لاحتياج عاجل.',
  on: 'شغّالة على الجهاز ده.',
  off: 'مقفولة على الجهاز ده.',
  turnOn: 'شغّلها',
  turnOff: 'اقفلها',
  working: 'لحظة…',
  unsupported: 'المتصفح ده مش بيستقبل إشعارات. على الموبايل، ضيف MedRelay للشاشة الرئيسية الأول.',
  unavailable: 'المنصة دي لسه مش بتبعت إشعارات.',
  blocked: 'الإشعارات متقفلة لـ MedRelay في المتصفح ده: اسمح بيها من إعدادات الموقع وجرّب تاني.',
  devices_zero: 'مفيش أجهزة بتستقبل',
  devices_one: 'بتستقبل على جهاز واحد: {{names}}',
  devices_two: 'بتستقبل على جهازين: {{names}}',
  devices_few: 'بتستقبل على {{count}} أجهزة: {{names}}',
  devices_many: 'بتستقبل على {{count}} جهاز: {{names}}',
  devices_other: 'بتستقبل على {{count}} جهاز: {{names}}',
  unknownDevice: 'متصفح',
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
