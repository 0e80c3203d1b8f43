import { z } from 'zod';
import { idParam } from './fields';
import { publicImpactSchema } from './impact';
import {
  adminMedicineQuerySchema,
  expiringQuerySchema,
  expiryScanResultSchema,
  medicineBrowseQuerySchema,
  medicineCreateSchema,
  medicineImageTypes,
  medicineSchema,
  medicineStatsSchema,
  medicineUpdateSchema,
} from './medicines';
import { notificationListQuerySchema, notificationSchema } from './notifications';
import {
  requestCreateSchema,
  adminRequestQuerySchema,
  requestListQuerySchema,
  requestSchema,
  requestStatsSchema,
  requestStatusUpdateSchema,
  transactionSchema,
} from './requests';
import { publicSettingsSchema, settingsSchema, settingsUpdateSchema } from './settings';
import { activityFeedSchema, activityQuerySchema, activitySchema, statsQuerySchema } from './admin';
import { adminStatsSchema, userStatsSchema } from './stats';
import {
  loginResponseSchema,
  loginSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  registrationSchema,
  userListQuerySchema,
  userSchema,
  userStatusChangeSchema,
} from './users';

/** Who may call a route; the server enforces it, the document only says it. */
export type RouteAccess = 'public' | 'signed-in' | 'approved' | 'admin';

/**
 * One public HTTP route as the gateway exposes it. The OpenAPI document is generated from this
 * list (gateway `/api/openapi.json`), and a test compares it with the routes the services and
 * the gateway really register, so the two cannot drift apart.
 */
export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express syntax (`/api/medicines/:id`). */
  path: string;
  tag: 'auth' | 'account' | 'settings' | 'medicines' | 'requests' | 'notifications' | 'admin' | 'public';
  summary: string;
  access: RouteAccess;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A raw (non-JSON) request body, e.g. an image. */
  rawBody?: readonly string[];
  /** The success answer; `null` means no body (204). */
  response: z.ZodType | null;
  status?: number;
  /** A binary success answer instead of JSON. */
  rawResponse?: readonly string[];
  /** Answer headers worth knowing (name → description). */
  headers?: Record<string, string>;
}

const messageAnswer = z.object({ user: userSchema, message: z.string() });
const countAnswer = z.object({ updated: z.number().int() });

export const apiRoutes: readonly ApiRoute[] = [
  // Identity: accounts and sessions.
  {
    method: 'post',
    path: '/api/auth/register',
    tag: 'auth',
    summary: 'Register a pharmacy, NGO or donor account (pending until an admin approves it)',
    access: 'public',
    body: registrationSchema,
    response: messageAnswer,
    status: 201,
  },
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    summary: 'Sign in; answers a bearer token',
    access: 'public',
    body: loginSchema,
    response: loginResponseSchema,
  },
  {
    method: 'get',
    path: '/api/auth/me',
    tag: 'auth',
    summary: 'The signed-in user',
    access: 'signed-in',
    response: userSchema,
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    tag: 'auth',
    summary: 'Revoke the current token',
    access: 'signed-in',
    response: null,
    status: 204,
  },
  {
    method: 'put',
    path: '/api/auth/me',
    tag: 'account',
    summary: 'Update the own profile',
    access: 'signed-in',
    body: profileUpdateSchema,
    response: userSchema,
  },
  {
    method: 'put',
    path: '/api/auth/password',
    tag: 'account',
    summary: 'Change the own password; every other session is revoked, a fresh token is answered',
    access: 'signed-in',
    body: passwordChangeSchema,
    response: z.object({ token: z.string() }),
  },
  {
    method: 'get',
    path: '/api/settings',
    tag: 'settings',
    summary: 'The public system settings (platform name, maintenance mode, …)',
    access: 'public',
    response: publicSettingsSchema,
  },
  {
    method: 'get',
    path: '/api/admin/settings',
    tag: 'admin',
    summary: 'All system settings',
    access: 'admin',
    response: settingsSchema,
  },
  {
    method: 'put',
    path: '/api/admin/settings',
    tag: 'admin',
    summary: 'Change system settings',
    access: 'admin',
    body: settingsUpdateSchema,
    response: settingsSchema,
  },
  {
    method: 'post',
    path: '/api/admin/settings/publish',
    tag: 'admin',
    summary: 'Rebuild the settings copy in Redis from the database (part of Clear Cache)',
    access: 'admin',
    response: z.object({ published: z.literal(true) }),
  },
  {
    method: 'get',
    path: '/api/admin/pending-users',
    tag: 'admin',
    summary: 'Accounts waiting for approval',
    access: 'admin',
    response: z.array(userSchema),
  },
  {
    method: 'get',
    path: '/api/admin/all-users',
    tag: 'admin',
    summary: 'Every account, filtered, a page at a time',
    access: 'admin',
    query: userListQuerySchema,
    response: z.array(userSchema),
    headers: { 'X-Total-Count': 'Matching accounts over all pages' },
  },
  {
    method: 'get',
    path: '/api/admin/users/stats',
    tag: 'admin',
    summary: "Identity's part of the admin statistics",
    access: 'admin',
    query: statsQuerySchema,
    response: userStatsSchema,
  },
  {
    method: 'get',
    path: '/api/admin/users/activity',
    tag: 'admin',
    summary: "Identity's part of the recent activity: registrations and reviews, newest first",
    access: 'admin',
    query: activityQuerySchema,
    response: z.array(activitySchema),
  },
  ...(['approve', 'reject'] as const).map((action): ApiRoute => ({
    method: 'put',
    path: `/api/admin/users/:id/${action}`,
    tag: 'admin',
    summary: `${action === 'approve' ? 'Approve' : 'Reject'} an account (the user is e-mailed)`,
    access: 'admin',
    params: idParam,
    response: userSchema,
  })),
  {
    method: 'put',
    path: '/api/admin/users/:id/status',
    tag: 'admin',
    summary: 'Set an account status (suspend, reinstate)',
    access: 'admin',
    params: idParam,
    body: userStatusChangeSchema,
    response: userSchema,
  },

  // Catalog: listings.
  {
    method: 'post',
    path: '/api/medicines',
    tag: 'medicines',
    summary: 'List a medicine (pharmacy) or donate one (donor)',
    access: 'approved',
    body: medicineCreateSchema,
    response: medicineSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/api/medicines',
    tag: 'medicines',
    summary: 'Browse the medicines the caller may request',
    access: 'approved',
    query: medicineBrowseQuerySchema,
    response: z.array(medicineSchema),
    headers: { 'X-Total-Count': 'Matching medicines over all pages' },
  },
  {
    method: 'get',
    path: '/api/medicines/my',
    tag: 'medicines',
    summary: "The caller's own listings or donations",
    access: 'approved',
    response: z.array(medicineSchema),
  },
  {
    method: 'get',
    path: '/api/medicines/expiring',
    tag: 'medicines',
    summary: "The caller's own listings expiring within `days`",
    access: 'approved',
    query: expiringQuerySchema,
    response: z.array(medicineSchema),
  },
  {
    method: 'get',
    path: '/api/medicines/:id',
    tag: 'medicines',
    summary: 'One medicine',
    access: 'approved',
    params: idParam,
    response: medicineSchema,
  },
  {
    method: 'put',
    path: '/api/medicines/:id',
    tag: 'medicines',
    summary: 'Edit an own listing',
    access: 'approved',
    params: idParam,
    body: medicineUpdateSchema,
    response: medicineSchema,
  },
  {
    method: 'delete',
    path: '/api/medicines/:id',
    tag: 'medicines',
    summary: 'Unlist an own listing',
    access: 'approved',
    params: idParam,
    response: medicineSchema,
  },
  {
    method: 'put',
    path: '/api/medicines/:id/image',
    tag: 'medicines',
    summary: 'Upload the photo of an own listing (raw image body)',
    access: 'approved',
    params: idParam,
    rawBody: medicineImageTypes,
    response: medicineSchema,
  },
  {
    method: 'delete',
    path: '/api/medicines/:id/image',
    tag: 'medicines',
    summary: 'Remove the photo of an own listing',
    access: 'approved',
    params: idParam,
    response: medicineSchema,
  },
  {
    method: 'get',
    path: '/api/medicines/:id/image',
    tag: 'medicines',
    summary: 'The photo of a listing',
    access: 'public',
    params: idParam,
    response: null,
    rawResponse: medicineImageTypes,
  },
  {
    method: 'get',
    path: '/api/admin/all-medicines',
    tag: 'admin',
    summary: 'Every listing, filtered, a page at a time',
    access: 'admin',
    query: adminMedicineQuerySchema,
    response: z.array(medicineSchema),
    headers: { 'X-Total-Count': 'Matching listings over all pages' },
  },
  {
    method: 'get',
    path: '/api/admin/all-medicines/stats',
    tag: 'admin',
    summary: "The catalog's part of the admin statistics",
    access: 'admin',
    query: statsQuerySchema,
    response: medicineStatsSchema,
  },
  {
    method: 'get',
    path: '/api/admin/all-medicines/activity',
    tag: 'admin',
    summary: "The catalog's part of the recent activity: listings and donations, newest first",
    access: 'admin',
    query: activityQuerySchema,
    response: z.array(activitySchema),
  },
  {
    method: 'put',
    path: '/api/admin/all-medicines/:id/unlist',
    tag: 'admin',
    summary: 'Take any listing off the market (its owner may list it again)',
    access: 'admin',
    params: idParam,
    response: medicineSchema,
  },
  {
    method: 'post',
    path: '/api/admin/expiry-scan',
    tag: 'admin',
    summary: 'Run the expiry scan now (it also runs daily)',
    access: 'admin',
    response: expiryScanResultSchema,
  },

  // Requests, transactions and notifications.
  {
    method: 'post',
    path: '/api/requests',
    tag: 'requests',
    summary: 'Request a quantity of a medicine',
    access: 'approved',
    body: requestCreateSchema,
    response: requestSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/api/requests/my',
    tag: 'requests',
    summary: 'Requests the caller made or received',
    access: 'approved',
    query: requestListQuerySchema,
    response: z.array(requestSchema),
  },
  {
    method: 'get',
    path: '/api/requests/:id',
    tag: 'requests',
    summary: 'One request the caller is a party to',
    access: 'approved',
    params: idParam,
    response: requestSchema,
  },
  {
    method: 'put',
    path: '/api/requests/:id/status',
    tag: 'requests',
    summary: 'Move a request along its life cycle (approve, reject, complete, cancel)',
    access: 'approved',
    params: idParam,
    body: requestStatusUpdateSchema,
    response: requestSchema,
  },
  {
    method: 'get',
    path: '/api/transactions/my',
    tag: 'requests',
    summary: "The caller's approved and completed requests with pickup details",
    access: 'approved',
    response: z.array(transactionSchema),
  },
  {
    method: 'get',
    path: '/api/admin/all-requests',
    tag: 'admin',
    summary: 'Every request, filtered by status, a page at a time',
    access: 'admin',
    query: adminRequestQuerySchema,
    response: z.array(requestSchema),
    headers: { 'X-Total-Count': 'Matching requests over all pages' },
  },
  {
    method: 'get',
    path: '/api/admin/all-requests/stats',
    tag: 'admin',
    summary: "The requests service's part of the admin statistics",
    access: 'admin',
    query: statsQuerySchema,
    response: requestStatsSchema,
  },
  {
    method: 'get',
    path: '/api/admin/all-requests/activity',
    tag: 'admin',
    summary: "The requests service's part of the recent activity: requests and decisions, newest first",
    access: 'admin',
    query: activityQuerySchema,
    response: z.array(activitySchema),
  },
  {
    method: 'get',
    path: '/api/notifications',
    tag: 'notifications',
    summary: "The caller's notifications, newest first",
    access: 'approved',
    query: notificationListQuerySchema,
    response: z.array(notificationSchema),
    headers: { 'X-Unread-Count': 'Unread notifications' },
  },
  {
    method: 'put',
    path: '/api/notifications/read-all',
    tag: 'notifications',
    summary: 'Mark every notification read',
    access: 'approved',
    response: countAnswer,
  },
  {
    method: 'put',
    path: '/api/notifications/:id/read',
    tag: 'notifications',
    summary: 'Mark one notification read',
    access: 'approved',
    params: idParam,
    response: notificationSchema,
  },

  // Answered by the gateway itself.
  {
    method: 'get',
    path: '/api/admin/stats',
    tag: 'admin',
    summary: 'Platform statistics (the three services aggregated; a silent one is named in `unavailable`)',
    access: 'admin',
    query: statsQuerySchema,
    response: adminStatsSchema,
  },
  {
    method: 'get',
    path: '/api/admin/activity',
    tag: 'admin',
    summary: 'Recent activity across the services, newest first (a silent service is named in `unavailable`)',
    access: 'admin',
    query: activityQuerySchema,
    response: activityFeedSchema,
  },
  {
    method: 'get',
    path: '/api/admin/export',
    tag: 'admin',
    summary: 'Export Data: users (no password hashes), medicines and requests as one JSON download',
    access: 'admin',
    response: z.object({
      generated: z.string(),
      users: z.array(userSchema),
      medicines: z.array(medicineSchema),
      requests: z.array(transactionSchema),
    }),
    headers: { 'Content-Disposition': 'attachment; filename="medrelay-export-YYYY-MM-DD.json"' },
  },
  {
    method: 'post',
    path: '/api/admin/cache/clear',
    tag: 'admin',
    summary: "Clear Cache: the gateway's caches and identity's settings copy in Redis",
    access: 'admin',
    response: z.object({ cleared: z.array(z.string()), unavailable: z.array(z.string()) }),
  },
  {
    method: 'get',
    path: '/api/impact',
    tag: 'public',
    summary: 'The landing page impact figures',
    access: 'public',
    response: publicImpactSchema,
  },
];
