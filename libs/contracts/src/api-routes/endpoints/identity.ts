// The runtime part (method, path, paged) of identity's routes; ../identity.ts spreads these.
export const register = { method: 'post', path: '/api/auth/register' } as const;
export const login = { method: 'post', path: '/api/auth/login' } as const;
export const me = { method: 'get', path: '/api/auth/me' } as const;
export const logout = { method: 'post', path: '/api/auth/logout' } as const;
export const updateProfile = { method: 'put', path: '/api/auth/me' } as const;
export const changePassword = { method: 'put', path: '/api/auth/password' } as const;
export const deleteAccount = { method: 'delete', path: '/api/auth/me' } as const;
export const publicSettings = { method: 'get', path: '/api/settings' } as const;
export const settings = { method: 'get', path: '/api/admin/settings' } as const;
export const updateSettings = { method: 'put', path: '/api/admin/settings' } as const;
export const publishSettings = { method: 'post', path: '/api/admin/settings/publish' } as const;
export const pendingUsers = { method: 'get', path: '/api/admin/pending-users', paged: true } as const;
export const allUsers = { method: 'get', path: '/api/admin/all-users', paged: true } as const;
export const userStats = { method: 'get', path: '/api/admin/users/stats' } as const;
export const userActivity = { method: 'get', path: '/api/admin/users/activity' } as const;
export const approveUser = { method: 'put', path: '/api/admin/users/:id/approve' } as const;
export const rejectUser = { method: 'put', path: '/api/admin/users/:id/reject' } as const;
export const pendingPharmacistLicenses = {
  method: 'get',
  path: '/api/admin/pharmacist-licenses',
  paged: true,
} as const;
export const acceptPharmacistLicense = {
  method: 'put',
  path: '/api/admin/users/:id/pharmacist-license/accept',
} as const;
export const rejectPharmacistLicense = {
  method: 'put',
  path: '/api/admin/users/:id/pharmacist-license/reject',
} as const;
export const setUserStatus = { method: 'put', path: '/api/admin/users/:id/status' } as const;
export const resetUserTwoFactor = { method: 'post', path: '/api/admin/users/:id/two-factor/reset' } as const;
export const unlockRequest = { method: 'post', path: '/api/auth/unlock/request' } as const;
export const unlock = { method: 'post', path: '/api/auth/unlock' } as const;
export const passwordResetRequest = { method: 'post', path: '/api/auth/password-reset/request' } as const;
export const passwordResetConfirm = { method: 'post', path: '/api/auth/password-reset/confirm' } as const;
export const verifyEmail = { method: 'post', path: '/api/auth/email/verify' } as const;
export const resendVerification = { method: 'post', path: '/api/auth/email/verification' } as const;
export const changeEmail = { method: 'put', path: '/api/auth/email' } as const;
export const loginTwoFactor = { method: 'post', path: '/api/auth/login/two-factor' } as const;
export const loginEnrolSetup = { method: 'post', path: '/api/auth/login/two-factor/setup' } as const;
export const loginEnrol = { method: 'post', path: '/api/auth/login/two-factor/enrol' } as const;
export const twoFactorStatus = { method: 'get', path: '/api/auth/two-factor' } as const;
export const twoFactorSetup = { method: 'post', path: '/api/auth/two-factor/setup' } as const;
export const twoFactorConfirm = { method: 'post', path: '/api/auth/two-factor/confirm' } as const;
export const twoFactorDisable = { method: 'post', path: '/api/auth/two-factor/disable' } as const;
export const twoFactorRecoveryCodes = {
  method: 'post',
  path: '/api/auth/two-factor/recovery-codes',
} as const;
export const passkeyOptions = { method: 'post', path: '/api/auth/passkeys/options' } as const;
export const addPasskey = { method: 'post', path: '/api/auth/passkeys' } as const;
export const passkeys = { method: 'get', path: '/api/auth/passkeys' } as const;
export const deletePasskey = { method: 'delete', path: '/api/auth/passkeys/:id' } as const;
export const loginPasskeyOptions = { method: 'post', path: '/api/auth/login/passkey/options' } as const;
export const loginPasskey = { method: 'post', path: '/api/auth/login/passkey' } as const;
export const sessions = { method: 'get', path: '/api/auth/sessions' } as const;
export const endSession = { method: 'delete', path: '/api/auth/sessions/:id' } as const;
export const endOtherSessions = { method: 'post', path: '/api/auth/sessions/sign-out-others' } as const;
