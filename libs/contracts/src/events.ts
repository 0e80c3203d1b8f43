import { areaKeys, governorates } from '@medrelay/domain/governorates';
import { z } from 'zod';
import { languages } from './languages';
import { userStatuses, userTypes } from './roles';

/**
 * Integration events identity publishes about users (outbox → one BullMQ queue per consumer).
 * `user.deleted`: a donor deleted their account. Its snapshot is the anonymised account with the
 * status `rejected`, so a consumer treats it at least as a suspension; the type adds what only a
 * deletion does (docs/accounts.md, "Deleting an account").
 */
export const userEventTypes = [
  'user.registered',
  'user.updated',
  'user.status-changed',
  'user.deleted',
] as const;

export const userSnapshotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  userType: z.enum(userTypes),
  status: z.enum(userStatuses),
  address: z.string().nullable(),
  organizationName: z.string().nullable(),
  /** The language the user reads e-mails in (events written before it existed read as en). */
  language: z.enum(languages).default('en'),
  /** The user's governorate; events written before it read as none. */
  governorate: z.enum(governorates).nullable().optional(),
  /** The pickup area and pin; events written before them read as none. */
  area: z.enum(areaKeys).nullable().optional(),
  pin: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
  /**
   * Whether a licensed pharmacist receives for the account (a pharmacy; an NGO that gave its
   * pharmacist's licence): only such an account may receive a donor's medicine. Events written
   * before it read as unknown.
   */
  hasPharmacist: z.boolean().optional(),
  /** Increments on every change: consumers keep the newest and ignore older ones. */
  version: z.number().int(),
});
export type UserSnapshot = z.infer<typeof userSnapshotSchema>;

export const userEventSchema = z.object({
  eventId: z.string().uuid(),
  type: z.enum(userEventTypes),
  occurredAt: z.string(),
  user: userSnapshotSchema,
});
export type UserEvent = z.infer<typeof userEventSchema>;

/** Queues that receive user events, one per consuming service. */
export const userEventQueues = ['events.catalog.users', 'events.requests.users'] as const;
