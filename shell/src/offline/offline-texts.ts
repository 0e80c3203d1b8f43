import { useTranslation } from 'react-i18next';
import type { Language } from '@medrelay/contracts';
import { addTexts } from '@medrelay/i18n';

/** Texts of a weak or missing connection: the saved-copy banner and forms sent later. */
const en = {
  savedAt: 'Offline — saved at {{time}}',
  savedOn: 'Offline — saved {{date}} at {{time}}',
  savedAtBody: 'You are seeing what this device saved. It updates when the connection returns.',
  sentRequest: 'Your saved request was sent',
  sentMedicine: 'Your saved medicine was listed',
  sentForm: 'Your saved form was sent',
  failedRequest: 'Your saved request could not be sent',
  failedMedicine: 'Your saved medicine could not be listed',
  failedForm: 'Your saved form could not be sent',
  failedBody: 'The server did not accept it ({{status}}).',
};

const ar: typeof en = {
  savedAt: 'مفيش اتصال — محفوظ الساعة {{time}}',
  savedOn: 'مفيش اتصال — محفوظ يوم {{date}} الساعة {{time}}',
  savedAtBody: 'انت شايف اللي الجهاز ده حفظه. هيتحدّث أول ما الاتصال يرجع.',
  sentRequest: 'طلبك المحفوظ اتبعت',
  sentMedicine: 'الدوا المحفوظ اتعرض',
  sentForm: 'البيانات المحفوظة اتبعتت',
  failedRequest: 'مقدرناش نبعت طلبك المحفوظ',
  failedMedicine: 'مقدرناش نعرض الدوا المحفوظ',
  failedForm: 'مقدرناش نبعت البيانات المحفوظة',
  failedBody: 'السيرفر مقبلهاش ({{status}}).',
};

export const offlineTexts: Record<Language, typeof en> = { en, ar };

export function useOfflineTexts() {
  const { i18n } = useTranslation();
  addTexts(i18n, 'offline', offlineTexts);
  return useTranslation('offline');
}
