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
  requestSummarySchema,
  donationStatusQuerySchema,
  donationStatusSchema,
  transactionSchema,
} from '../requests';
import { activityQuerySchema, activitySchema, statsQuerySchema } from '../admin';
import * as requests from './endpoints/requests';
import { route, type ApiRoute } from './route';

const countAnswer = z.object({ updated: z.number().int() });

/** Requests, transactions and notifications. */
export const requestApi = {
  createRequest: route({
    ...requests.createRequest,
    tag: 'requests',
    summary: 'Request a quantity of a medicine',
    access: 'approved',
    permission: 'request.create',
    body: requestCreateSchema,
    response: requestSchema,
    status: 201,
  }),
  myRequests: route({
    ...requests.myRequests,
    tag: 'requests',
    summary: 'Requests the caller made or received, a page at a time, newest first',
    access: 'approved',
    permission: 'transaction.viewOwn',
    query: requestListQuerySchema,
    response: z.array(requestSchema),
    headers: { 'X-Total-Count': 'Matching requests over all pages' },
  }),
  myRequestSummary: route({
    ...requests.myRequestSummary,
    tag: 'requests',
    summary: "The caller's requests counted: by direction and status, transfers, value received",
    access: 'approved',
    permission: 'transaction.viewOwn',
    response: requestSummarySchema,
  }),
  request: route({
    ...requests.request,
    tag: 'requests',
    summary: 'One request the caller is a party to',
    access: 'approved',
    params: idParam,
    response: requestSchema,
  }),
  changeRequestStatus: route({
    ...requests.changeRequestStatus,
    tag: 'requests',
    summary: 'Move a request along its life cycle (approve, reject, complete, cancel)',
    access: 'approved',
    params: idParam,
    body: requestStatusUpdateSchema,
    response: requestSchema,
  }),
  myDonationStatus: route({
    ...requests.myDonationStatus,
    tag: 'requests',
    summary: "The state of the requests on some of the caller's medicines (the donation badge)",
    access: 'approved',
    permission: 'transaction.viewOwn',
    query: donationStatusQuerySchema,
    response: z.array(donationStatusSchema),
  }),
  myTransactions: route({
    ...requests.myTransactions,
    tag: 'requests',
    summary: "The caller's requests with pickup details once approved, a page at a time",
    access: 'approved',
    permission: 'transaction.viewOwn',
    query: requestListQuerySchema,
    response: z.array(transactionSchema),
    headers: { 'X-Total-Count': 'Matching requests over all pages' },
  }),
  allRequests: route({
    ...requests.allRequests,
    tag: 'admin',
    summary: 'Every request with its pickup details once approved, filtered by status, a page at a time',
    access: 'admin',
    permission: 'admin.viewAll',
    query: adminRequestQuerySchema,
    response: z.array(transactionSchema),
    headers: { 'X-Total-Count': 'Matching requests over all pages' },
  }),
  requestStats: route({
    ...requests.requestStats,
    tag: 'admin',
    summary: "The requests service's part of the admin statistics",
    access: 'admin',
    permission: 'reports.view',
    query: statsQuerySchema,
    response: requestStatsSchema,
  }),
  requestActivity: route({
    ...requests.requestActivity,
    tag: 'admin',
    summary: "The requests service's part of the recent activity: requests and decisions, newest first",
    access: 'admin',
    permission: 'reports.view',
    query: activityQuerySchema,
    response: z.array(activitySchema),
  }),
  notifications: route({
    ...requests.notifications,
    tag: 'notifications',
    summary: "The caller's notifications, newest first, a page at a time",
    access: 'approved',
    query: notificationListQuerySchema,
    response: z.array(notificationSchema),
    headers: {
      'X-Unread-Count': 'Unread notifications',
      'X-Total-Count': 'Matching notifications over all pages',
    },
  }),
  readAllNotifications: route({
    ...requests.readAllNotifications,
    tag: 'notifications',
    summary: 'Mark every notification read',
    access: 'approved',
    response: countAnswer,
  }),
  readNotification: route({
    ...requests.readNotification,
    tag: 'notifications',
    summary: 'Mark one notification read',
    access: 'approved',
    params: idParam,
    response: notificationSchema,
  }),
} as const;

export const requestRoutes: readonly ApiRoute[] = Object.values(requestApi);
