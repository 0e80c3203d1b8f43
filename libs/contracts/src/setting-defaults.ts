import { defaultExpiryWarningDays } from '@medrelay/domain/expiry';
import { defaultDonorForbiddenCategories } from '@medrelay/domain/categories';
import { defaultNoShowGraceHours } from '@medrelay/domain/pickup-windows';

// No zod here: the browser's role screens read the defaults without the schemas.
/** Defaults of spec §3; system name and admin e-mail are the product's own. */
export const defaultSettings = {
  systemName: 'MedRelay',
  adminEmail: 'admin@medrelay.eg',
  welcomeMessage:
    'Welcome to MedRelay. Together we reduce medicine waste and improve access to essential medicines in Egypt.',
  expiryWarningDays: defaultExpiryWarningDays,
  autoApproveUsers: false,
  emailNotifications: true,
  maintenanceMode: false,
  maxUploadSize: 10,
  sessionTimeout: 720,
  notifyRegistrations: true,
  notifyExpiry: true,
  notifyTransactions: true,
  /** Law 127/1955: by default donors list none of the guardrail categories. */
  donorForbiddenCategories: [...defaultDonorForbiddenCategories],
  noShowGraceHours: defaultNoShowGraceHours,
  /** On for new platforms; a platform from before keeps 6 characters until its administrator turns it on. */
  passwordPolicy: true,
  /** Off by default (spec §2 Security tab); users may turn it on for themselves. */
  twoFactorRequired: false,
};
