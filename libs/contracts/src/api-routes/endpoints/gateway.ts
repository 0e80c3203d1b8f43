// The runtime part (method, path) of the routes the gateway answers itself; ../gateway.ts spreads these.
export const adminStats = { method: 'get', path: '/api/admin/stats' } as const;
export const adminActivity = { method: 'get', path: '/api/admin/activity' } as const;
export const exportData = { method: 'get', path: '/api/admin/export' } as const;
export const clearCache = { method: 'post', path: '/api/admin/cache/clear' } as const;
export const publicImpact = { method: 'get', path: '/api/impact' } as const;
export const liveEvents = { method: 'get', path: '/api/events' } as const;
