import { z } from 'zod';
import { idParam } from '../fields';
import { notificationListQuerySchema, notificationSchema } from '../notifications';
import {
  requestCreateSchema,
  adminRequestQuerySchema,
  requestListQuerySchema,
  requestSchema,
  requestStatsSchema,
  requestStatusUpdateSchema,
  transactionSchema,
} from '../requests';
import { activityQuerySchema, activitySchema, statsQuerySchema } from '../admin';
import type { ApiRoute } from './route';

const countAnswer = z.object({ updated: z.number().int() });

/** Requests, transactions and notifications. */
export const requestRoutes: readonly ApiRoute[] = [
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
];
