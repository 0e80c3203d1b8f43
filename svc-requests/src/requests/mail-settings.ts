import type { Settings } from '@medrelay/contracts';

/** Whether the admin's settings let transaction e-mails go out. */
export const transactionMailsOn = (settings: Settings) =>
  settings.emailNotifications && settings.notifyTransactions;
