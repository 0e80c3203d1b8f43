import type { MailJob, Settings } from '@medrelay/contracts';
import { formatCairoDateTime } from '@medrelay/domain';
import type { ReadModelUser } from '@medrelay/service-kit';
import type { MedicineSummary } from '../medicines/repo';
import type { RequestRow } from './repo';

/**
 * The request-approved e-mail to the requester, with pickup details, in the requester's
 * language (sent through identity's mail queue). A pharmacy's listing is collected at the
 * pharmacy (address and e-mail shown); a donor gives a pickup place and date instead.
 */
export function approvalMail(options: {
  request: RequestRow;
  medicine: MedicineSummary | null;
  requester: ReadModelUser;
  provider: ReadModelUser | null;
  approverName: string;
  settings: Settings;
  publicUrl: string;
}): MailJob {
  const { request, medicine, requester, provider, settings } = options;
  const language = requester.language;
  const fromPharmacy = medicine?.source === 'pharmacy';
  return {
    idempotencyKey: `request-approved:${request.id}`,
    template: 'request-approved',
    to: requester.email,
    language,
    data: {
      systemName: settings.systemName,
      adminEmail: settings.adminEmail,
      name: requester.name,
      medicineName: medicine?.name ?? '',
      quantity: String(request.quantity),
      providerName: provider?.name ?? options.approverName,
      pickupLocation: request.pickup_location ?? '',
      pickupDate: request.pickup_date ? formatCairoDateTime(request.pickup_date, language) : '',
      address: fromPharmacy ? (provider?.address ?? '') : '',
      contactEmail: fromPharmacy ? (provider?.email ?? '') : '',
      requestsUrl: `${options.publicUrl}/${requester.user_type}/requests`,
    },
  };
}

/** Whether the admin's settings let transaction e-mails go out. */
export const transactionMailsOn = (settings: Settings) =>
  settings.emailNotifications && settings.notifyTransactions;
