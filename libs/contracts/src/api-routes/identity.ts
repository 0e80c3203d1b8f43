import { z } from 'zod';
import { idParam } from '../fields';
import { publicSettingsSchema, settingsSchema, settingsUpdateSchema } from '../settings';
import { activityQuerySchema, activitySchema, statsQuerySchema } from '../admin';
import { userStatsSchema } from '../stats';
import { listPageQuerySchema } from '../fields';
import {
  loginResponseSchema,
  loginSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  registrationSchema,
  userListQuerySchema,
  userSchema,
  userStatusChangeSchema,
} from '../users';
import { emailLinkRequestSchema, linkTokenSchema, messageSchema } from '../account-security';
import * as identity from './endpoints/identity';
import { route, type ApiRoute } from './route';

/** Identity: accounts, sessions, settings and user management. */
export const identityApi = {
  register: route({
    ...identity.register,
    tag: 'auth',
    summary:
      'Register a pharmacy, NGO or donor account (pending until an admin approves it). An e-mail that already has an account is answered the same way and its owner is e-mailed instead',
    access: 'public',
    body: registrationSchema,
    response: messageSchema,
    status: 201,
  }),
  login: route({
    ...identity.login,
    tag: 'auth',
    summary: 'Sign in; answers a bearer token',
    access: 'public',
    body: loginSchema,
    response: loginResponseSchema,
  }),
  me: route({
    ...identity.me,
    tag: 'auth',
    summary: 'The signed-in user',
    access: 'signed-in',
    response: userSchema,
  }),
  logout: route({
    ...identity.logout,
    tag: 'auth',
    summary: 'Revoke the current token',
    access: 'signed-in',
    response: null,
    status: 204,
  }),
  updateProfile: route({
    ...identity.updateProfile,
    tag: 'account',
    summary: 'Update the own profile',
    access: 'signed-in',
    body: profileUpdateSchema,
    response: userSchema,
  }),
  changePassword: route({
    ...identity.changePassword,
    tag: 'account',
    summary: 'Change the own password; every other session is revoked, a fresh token is answered',
    access: 'signed-in',
    body: passwordChangeSchema,
    response: z.object({ token: z.string() }),
  }),
  unlockRequest: route({
    ...identity.unlockRequest,
    tag: 'auth',
    summary:
      'E-mail the owner a link that lets this browser sign in while the account is locked to others (answered alike for any e-mail)',
    access: 'public',
    body: emailLinkRequestSchema,
    response: messageSchema,
    status: 202,
  }),
  unlock: route({
    ...identity.unlock,
    tag: 'auth',
    summary: 'Open an e-mailed unlock link: this browser becomes a known device of the account',
    access: 'public',
    body: linkTokenSchema,
    response: messageSchema,
  }),
  publicSettings: route({
    ...identity.publicSettings,
    tag: 'settings',
    summary: 'The public system settings (platform name, maintenance mode, …)',
    access: 'public',
    response: publicSettingsSchema,
  }),
  settings: route({
    ...identity.settings,
    tag: 'admin',
    summary: 'All system settings',
    access: 'admin',
    permission: 'settings.manage',
    response: settingsSchema,
  }),
  updateSettings: route({
    ...identity.updateSettings,
    tag: 'admin',
    summary: 'Change system settings',
    access: 'admin',
    permission: 'settings.manage',
    body: settingsUpdateSchema,
    response: settingsSchema,
  }),
  publishSettings: route({
    ...identity.publishSettings,
    tag: 'admin',
    summary: 'Rebuild the settings copy in Redis from the database (part of Clear Cache)',
    access: 'admin',
    permission: 'cache.clear',
    response: z.object({ published: z.literal(true) }),
  }),
  pendingUsers: route({
    ...identity.pendingUsers,
    tag: 'admin',
    summary: 'Accounts waiting for approval, newest first, a page at a time',
    access: 'admin',
    permission: 'user.manage',
    query: listPageQuerySchema,
    response: z.array(userSchema),
    headers: { 'X-Total-Count': 'Accounts waiting over all pages (the sidebar badge)' },
  }),
  allUsers: route({
    ...identity.allUsers,
    tag: 'admin',
    summary: 'Every account, filtered, a page at a time',
    access: 'admin',
    permission: 'user.manage',
    query: userListQuerySchema,
    response: z.array(userSchema),
    headers: { 'X-Total-Count': 'Matching accounts over all pages' },
  }),
  userStats: route({
    ...identity.userStats,
    tag: 'admin',
    summary: "Identity's part of the admin statistics",
    access: 'admin',
    permission: 'reports.view',
    query: statsQuerySchema,
    response: userStatsSchema,
  }),
  userActivity: route({
    ...identity.userActivity,
    tag: 'admin',
    summary: "Identity's part of the recent activity: registrations and reviews, newest first",
    access: 'admin',
    permission: 'reports.view',
    query: activityQuerySchema,
    response: z.array(activitySchema),
  }),
  approveUser: route({
    ...identity.approveUser,
    tag: 'admin',
    summary: 'Approve an account (the user is e-mailed)',
    access: 'admin',
    permission: 'user.manage',
    params: idParam,
    response: userSchema,
  }),
  rejectUser: route({
    ...identity.rejectUser,
    tag: 'admin',
    summary: 'Reject an account (the user is e-mailed)',
    access: 'admin',
    permission: 'user.manage',
    params: idParam,
    response: userSchema,
  }),
  setUserStatus: route({
    ...identity.setUserStatus,
    tag: 'admin',
    summary: 'Set an account status (suspend, reinstate)',
    access: 'admin',
    permission: 'user.manage',
    params: idParam,
    body: userStatusChangeSchema,
    response: userSchema,
  }),
} as const;

export const identityRoutes: readonly ApiRoute[] = Object.values(identityApi);
