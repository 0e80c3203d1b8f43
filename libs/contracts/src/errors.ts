import { z } from 'zod';

/** Every error the API returns has this one shape (spec §8 reads `message`). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** One entry of `details` for a validation error. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorCodes = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'TOKEN_REVOKED',
  'FORBIDDEN',
  'ACCOUNT_NOT_APPROVED',
  'ACCOUNT_REJECTED',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'INVALID_TRANSITION',
  'SELF_STATUS_CHANGE',
  'RATE_LIMITED',
  'ACCOUNT_LOCKED',
  'MAINTENANCE',
  'UPSTREAM_UNAVAILABLE',
  'STORE_UNAVAILABLE',
  'DEADLINE_EXCEEDED',
  'PUSH_UNAVAILABLE',
  'OVERLOADED',
  'BAD_REQUEST',
  'OWN_MEDICINE',
  'NOT_OFFERED',
  'MEDICINE_UNAVAILABLE',
  'INSUFFICIENT_QUANTITY',
  'REQUEST_ALREADY_OPEN',
  'HANDOVER_CODE_WRONG',
  'HANDOVER_CODE_LOCKED',
  'HANDOVER_CODE_EXPIRED',
  'HANDOVER_CODE_USED',
  'HANDOVER_CODE_RENEWED',
  'HANDOVER_NOT_OPEN',
  'HANDOVER_OWNER_ONLY',
  'PACK_ALREADY_LISTED',
  'MEDICINE_QUARANTINED',
  'MEDICINE_QUANTITY_CHANGED',
  'REQUEST_ON_HOLD',
  'REQUESTER_SUSPENDED',
  'PHARMACIST_REQUIRED',
  'MEDICINE_EXPIRED',
  'RECALL_ALREADY_LIFTED',
  'RECALL_BATCH_UNKNOWN',
  'RECALL_NOT_REACHED',
  'RECALL_RESEND_STALE',
  'CATEGORY_NOT_ALLOWED',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL_ONLY',
  'VERIFIED_DETAILS_LOCKED',
  'LICENSE_NOT_WAITING',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'LINK_INVALID',
  'SECOND_FACTOR_WRONG',
  'SIGN_IN_EXPIRED',
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_ENABLED',
  /** An administrator's reset of an account with no two-factor sign-in. */
  'TWO_FACTOR_NOT_ENABLED',
  /** An administrator's reset of their own two-factor sign-in: another administrator does it. */
  'SELF_TWO_FACTOR_RESET',
  /** A pharmacy or NGO asked to delete its own account: it writes to the administrator. */
  'DELETION_NOT_ALLOWED',
  /** An administrator's change of an account its owner deleted. */
  'ACCOUNT_DELETED',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
