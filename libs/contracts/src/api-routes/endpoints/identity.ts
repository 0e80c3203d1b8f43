// The runtime part (method, path, paged) of identity's routes; ../identity.ts spreads these.
export const register = { method: 'post', path: '/api/auth/register' } as const;
export const login = { method: 'post', path: '/api/auth/login' } as const;
export const me = { method: 'get', path: '/api/auth/me' } as const;
export const logout = { method: 'post', path: '/api/auth/logout' } as const;
export const updateProfile = { method: 'put', path: '/api/auth/me' } as const;
export const changePassword = { method: 'put', path: '/api/auth/password' } as const;
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
export const setUserStatus = { method: 'put', path: '/api/admin/users/:id/status' } as const;
