import { z } from 'zod';
import { reminderKinds } from '@medrelay/domain/pickup-windows';
import { recallInstructions, recallNoticeRoles } from '@medrelay/domain/recalls';
import { languages } from './languages';
import { fromIdentity, listOf, text, yesNo } from './mail-fields';
import { securityMailContents } from './mail-security';
import { userTypes } from './roles';
import { pharmacistLicenseRejectionReasons, registrationRejectionReasons } from './users';

export const mailQueueName = 'mail';

export const mailTemplates = [
  'registration-received',
  'account-approved',
  'account-rejected',
  'account-suspended',
  'account-reactivated',
  'admin-new-registration',
  'admin-registration-digest',
  'admin-account-locked',
  'admin-license-digest',
  'pharmacist-license-accepted',
  'pharmacist-license-rejected',
  'request-approved',
  'pickup-confirmed',
  'pickup-changed',
  'pickup-called-off',
  'pickup-on-hold',
  'pickup-reminder',
  'expiry-digest',
  'recall-quarantined',
  'recall-lifted',
  'need-match-digest',
  'registration-existing-account',
  'account-locked-owner',
  'password-reset',
  'password-changed',
  'email-verification',
  'email-change-requested',
  'passkey-added',
  'passkey-removed',
  'two-factor-changed',
  'two-factor-reset',
  'recovery-code-used',
  'recovery-codes-replaced',
  'account-deleted',
] as const;
export type MailTemplate = (typeof mailTemplates)[number];

/**
 * A pickup as a calendar event (RFC 5545), sent with the e-mail as an iTIP message (RFC 5546;
 * svc-identity's `calendarMessage`): the agreed pickup alone, `confirmed`, becomes a REQUEST;
 * alone and `cancelled`, a CANCEL. One uid per request, so each later message (a higher
 * `sequence`) moves or cancels the one event a calendar holds (docs/transfers.md).
 */
export const mailCalendarEventSchema = z.object({
  uid: z.string(),
  start: z.string(),
  end: z.string(),
  summary: z.string(),
  location: z.string(),
  description: z.string(),
  status: z.enum(['tentative', 'confirmed', 'cancelled']),
  sequence: z.number().int().min(0),
  url: z.string().optional(),
});
export type MailCalendarEvent = z.infer<typeof mailCalendarEventSchema>;

/** An account's status e-mails (registered, approved, rejected, suspended, reactivated). */
const accountStatus = { ...fromIdentity, name: text, userType: z.enum(userTypes), loginUrl: text };

/** A pickup as both parties' e-mails describe it. */
const pickup = {
  systemName: text,
  name: text,
  medicineName: text,
  quantity: text,
  when: text,
  location: text,
  /** Empty when the pickup point has no pin. */
  mapUrl: text,
  otherName: text,
  /** Empty when the other party gave no phone. */
  otherPhone: text,
  requestsUrl: text,
};

/** A recall's e-mails: what the reader's part in it is, and what to do with packs in hand. */
const recall = {
  systemName: text,
  name: text,
  role: z.enum(recallNoticeRoles),
  instruction: z.enum(recallInstructions),
  medicines: text,
  quantity: text,
  batch: text,
  reason: text,
  reminder: yesNo,
  url: text,
};

/** Pickup windows offered to the requester (on approval, or anew after it). */
const offer = {
  systemName: text,
  adminEmail: text,
  name: text,
  medicineName: text,
  quantity: text,
  providerName: text,
  /** The windows offered, one line each; empty when an approval offered none. */
  windows: text,
  pickupLocation: text,
  mapUrl: text,
  requestsUrl: text,
};

/**
 * The price agreed on approval, per unit, as a decimal string ('12.50'); empty when it was given
 * free (a donation, a listing without a discount price). Absent in jobs queued before prices were
 * mailed: the e-mail then says nothing of money.
 */
const agreedPrice = { unitPrice: text.optional() };

/** The handover code the requester shows at pickup, sealed in the job (when there is one). */
const handoverCode = { handoverCode: text.optional() };

/**
 * What each e-mail shows, by template: `data` travels in clear; `sealed` names the values that
 * must not sit in clear in queues (a link's token, a handover code), sealed for the recipient
 * (service-kit mail-secrets.ts) and opened by the mail worker into the data it renders.
 */
const mailContents = {
  'registration-received': {
    data: { ...accountStatus, hours: text },
    sealed: { verifyUrl: text },
  },
  'account-approved': {
    // Hours and the link when the account was approved at registration (auto-approval).
    data: { ...accountStatus, hours: text.optional() },
    sealed: { verifyUrl: text.optional() },
  },
  'account-rejected': {
    data: {
      ...accountStatus,
      // Why, and where to apply again (jobs queued before reasons existed carry neither).
      rejectionReason: z.enum(registrationRejectionReasons).optional(),
      registerUrl: text.optional(),
    },
    sealed: {},
  },
  'account-suspended': { data: accountStatus, sealed: {} },
  'account-reactivated': { data: accountStatus, sealed: {} },
  'admin-new-registration': {
    data: { ...fromIdentity, name: text, email: text, userType: z.enum(userTypes), reviewUrl: text },
    sealed: {},
  },
  'admin-registration-digest': {
    data: {
      ...fromIdentity,
      count: text,
      items: listOf(z.object({ name: text, email: text, userType: z.enum(userTypes) })),
      reviewUrl: text,
    },
    sealed: {},
  },
  'admin-license-digest': {
    data: {
      ...fromIdentity,
      count: text,
      items: listOf(z.object({ name: text, email: text, organizationName: text, license: text })),
      reviewUrl: text,
    },
    sealed: {},
  },
  'pharmacist-license-accepted': {
    data: { ...fromIdentity, name: text, license: text, browseUrl: text },
    sealed: {},
  },
  'pharmacist-license-rejected': {
    data: {
      ...fromIdentity,
      name: text,
      license: text,
      licenseReason: z.enum(pharmacistLicenseRejectionReasons),
      settingsUrl: text,
    },
    sealed: {},
  },
  'admin-account-locked': {
    data: {
      ...fromIdentity,
      name: text,
      email: text,
      userType: z.enum(userTypes),
      failures: text,
      minutes: text,
      windowMinutes: text,
      reviewUrl: text,
    },
    sealed: {},
  },
  'request-approved': {
    data: {
      ...offer,
      /** A pharmacy's listing names its address and e-mail; empty otherwise. */
      address: text,
      contactEmail: text,
      ...agreedPrice,
      /** The units asked for, only when fewer (`quantity`) were approved: the e-mail says so. */
      askedQuantity: text.optional(),
    },
    sealed: handoverCode,
  },
  'pickup-confirmed': { data: { ...pickup, ...agreedPrice }, sealed: handoverCode },
  /**
   * New pickup times offered after approval: the requester chooses again. When a time was agreed
   * before (`agreedBefore`), it no longer holds and the e-mail's calendar file cancels it. The
   * owner's copy (`forOwner`, only then) names the requester (`requesterName`) who chooses.
   */
  'pickup-changed': {
    data: {
      ...offer,
      forOwner: yesNo.optional(),
      requesterName: text.optional(),
      agreedBefore: text.optional(),
    },
    sealed: {},
  },
  /**
   * An approved pickup called off (the requester cancelled, the owner withdrew the approval, a
   * suspension of one of them ended it, or the platform released it, `released`):
   * the other party is told, and a party whose calendar may hold the pickup gets the file that
   * cancels it (the caller's own e-mail says only that; after a release, only such parties).
   */
  'pickup-called-off': {
    data: {
      systemName: text,
      name: text,
      medicineName: text,
      quantity: text,
      /** The reader's side of the request. */
      readerRole: z.enum(['requester', 'owner']),
      /** 'yes' when the reader called it off (the e-mail only clears their calendar). */
      byReader: yesNo,
      /** The other party (who called it off, unless `inactive` says why it ended), or empty when the reader did. */
      otherName: text,
      /**
       * Whose account is no longer active, when a suspension ended the pickup: the other party's
       * (the reader is told why and what to do), or the reader's own. Absent: a party called it off.
       */
      inactive: z.enum(['other', 'reader']).optional(),
      /**
       * Why the platform released the pickup, when it did: the agreed time passed without a
       * handover and the grace period ended (`missed`), or no time was agreed before the handover
       * code expired (`unsettled`). Absent: a party called it off or a suspension ended it.
       */
      released: z.enum(['missed', 'unsettled']).optional(),
      /** The window that was settled, as the screens word it; empty when none was chosen. */
      when: text,
      location: text,
      /** 'yes' when the e-mail carries the calendar file that cancels the pickup. */
      calendar: yesNo,
      requestsUrl: text,
    },
    sealed: {},
  },
  /**
   * A pickup with a time agreed still ahead that a recall of its batch holds: each party is told
   * not to go (the requester) or not to hand over (the owner) until the recall is lifted, and the
   * calendar file cancels the time, which comes back with a pickup-confirmed e-mail if the recall
   * is lifted before it (docs/expiry-and-recalls.md).
   */
  'pickup-on-hold': {
    data: {
      systemName: text,
      name: text,
      medicineName: text,
      quantity: text,
      /** The reader's side of the request. */
      readerRole: z.enum(['requester', 'owner']),
      otherName: text,
      /** The time agreed, as the screens word it. */
      when: text,
      location: text,
      /** The recall's reason, as the administrator wrote it. */
      reason: text,
      requestsUrl: text,
    },
    sealed: {},
  },
  'pickup-reminder': {
    data: { ...pickup, kind: z.enum(reminderKinds), whatsappUrl: text },
    sealed: handoverCode,
  },
  'expiry-digest': {
    data: {
      ...fromIdentity,
      name: text,
      count: text,
      items: listOf(z.object({ name: text, quantity: z.number(), expiryDate: text, daysLeft: z.number() })),
      listingsUrl: text,
    },
    sealed: {},
  },
  'recall-quarantined': { data: recall, sealed: {} },
  'recall-lifted': { data: recall, sealed: {} },
  'need-match-digest': {
    data: {
      ...fromIdentity,
      name: text,
      count: text,
      items: listOf(
        z.object({
          medicine: text,
          need: text,
          quantity: z.number(),
          days: z.number(),
          /** Km from the reader's pickup point; absent when it is unknown. */
          distance: z.number().optional(),
          link: text,
        }),
      ),
      needsUrl: text,
    },
    sealed: {},
  },
  ...securityMailContents,
} satisfies Record<MailTemplate, { data: z.ZodRawShape; sealed: z.ZodRawShape }>;
type MailContents = typeof mailContents;

/** The sealed values of a template's job: required when the e-mail cannot do without one. */
type SealedSchema<S extends z.ZodRawShape> =
  Record<string, never> extends z.output<z.ZodObject<S>> ? z.ZodOptional<z.ZodObject<S>> : z.ZodObject<S>;

const envelope = {
  /** Makes a retried or duplicated job send once. */
  idempotencyKey: text,
  to: text,
  language: z.enum(languages),
  /** Pickup windows to attach as a calendar file (`pickup.ics`). */
  calendar: z.array(mailCalendarEventSchema).optional(),
};

type JobSchema<T extends MailTemplate> = z.ZodObject<
  typeof envelope & {
    template: z.ZodLiteral<T>;
    data: z.ZodObject<MailContents[T]['data']>;
    sealed: SealedSchema<MailContents[T]['sealed']>;
  }
>;
/** A job's data with its sealed values opened: what the template renders. */
type OpenedSchema<T extends MailTemplate> = z.ZodObject<{
  template: z.ZodLiteral<T>;
  language: z.ZodEnum<{ [L in (typeof languages)[number]]: L }>;
  data: z.ZodObject<OpenedShape<T>>;
}>;
type OpenedShape<T extends MailTemplate> = MailContents[T]['data'] &
  MailContents[T]['sealed'] extends infer S extends z.ZodRawShape
  ? S
  : never;
type JobSchemas = { [T in MailTemplate]: JobSchema<T> };
type OpenedSchemas = { [T in MailTemplate]: OpenedSchema<T> };

function jobOf<T extends MailTemplate>(template: T): JobSchema<T> {
  const { data, sealed } = mailContents[template] as { data: z.ZodRawShape; sealed: z.ZodRawShape };
  const sealedObject = z.object(sealed);
  const anyRequired = Object.values(sealed).some((v) => !z.safeParse(v, undefined).success);
  return z.object({
    ...envelope,
    template: z.literal(template),
    data: z.object(data),
    sealed: anyRequired ? sealedObject : sealedObject.optional(),
  }) as unknown as JobSchema<T>;
}

function openedOf<T extends MailTemplate>(template: T): OpenedSchema<T> {
  const { data, sealed } = mailContents[template] as { data: z.ZodRawShape; sealed: z.ZodRawShape };
  return z.object({
    template: z.literal(template),
    language: z.enum(languages),
    data: z.object({ ...data, ...sealed }),
  }) as unknown as OpenedSchema<T>;
}

// Built from `mailContents`, one variant per template; the types above say what each holds.
const jobSchemas = Object.fromEntries(mailTemplates.map((t) => [t, jobOf(t)])) as unknown as JobSchemas;
const openedSchemas = Object.fromEntries(
  mailTemplates.map((t) => [t, openedOf(t)]),
) as unknown as OpenedSchemas;

/**
 * One e-mail to send: a variant per template, so a producer that leaves out a field the
 * template shows does not compile, and a job that lacks one fails in the worker instead of
 * reaching the reader with a gap.
 */
export const mailJobSchema = z.discriminatedUnion(
  'template',
  Object.values(jobSchemas) as [JobSchemas[MailTemplate], ...JobSchemas[MailTemplate][]],
);
export type MailJob = z.output<typeof mailJobSchema>;
/** What the template of `T` shows: its data with the sealed values opened. */
export type MailData<T extends MailTemplate> = z.output<OpenedSchemas[T]>['data'];

/** An e-mail ready to render: its template, language and opened data. */
export const openedMailSchema = z.discriminatedUnion(
  'template',
  Object.values(openedSchemas) as [OpenedSchemas[MailTemplate], ...OpenedSchemas[MailTemplate][]],
);
export type OpenedMail = z.output<typeof openedMailSchema>;
