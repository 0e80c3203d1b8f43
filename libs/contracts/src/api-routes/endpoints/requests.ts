// The runtime part (method, path, paged) of the requests service's routes; ../requests.ts spreads these.
export const createRequest = { method: 'post', path: '/api/requests' } as const;
export const myRequests = { method: 'get', path: '/api/requests/my', paged: true } as const;
export const myRequestSummary = { method: 'get', path: '/api/requests/my/summary' } as const;
export const request = { method: 'get', path: '/api/requests/:id' } as const;
export const changeRequestStatus = { method: 'put', path: '/api/requests/:id/status' } as const;
export const myDonationStatus = { method: 'get', path: '/api/requests/my/donation-status' } as const;
export const myTransactions = { method: 'get', path: '/api/transactions/my', paged: true } as const;
export const allRequests = { method: 'get', path: '/api/admin/all-requests', paged: true } as const;
export const requestStats = { method: 'get', path: '/api/admin/all-requests/stats' } as const;
export const requestActivity = { method: 'get', path: '/api/admin/all-requests/activity' } as const;
export const notifications = { method: 'get', path: '/api/notifications', paged: true } as const;
export const readAllNotifications = { method: 'put', path: '/api/notifications/read-all' } as const;
export const readNotification = { method: 'put', path: '/api/notifications/:id/read' } as const;
export const myNeeds = { method: 'get', path: '/api/needs/my', paged: true } as const;
export const needMatches = { method: 'get', path: '/api/needs/matches', paged: true } as const;
export const createNeed = { method: 'post', path: '/api/needs' } as const;
export const updateNeed = { method: 'put', path: '/api/needs/:id' } as const;
export const deleteNeed = { method: 'delete', path: '/api/needs/:id' } as const;
export const confirmHandover = { method: 'post', path: '/api/requests/:id/handover' } as const;
export const confirmCollection = { method: 'post', path: '/api/requests/:id/collection/confirm' } as const;
export const disputeCollection = { method: 'post', path: '/api/requests/:id/collection/dispute' } as const;
export const requestCustody = { method: 'get', path: '/api/requests/:id/custody' } as const;
export const custodyCsv = { method: 'get', path: '/api/admin/custody.csv' } as const;
export const allCustody = { method: 'get', path: '/api/admin/custody', paged: true } as const;
export const pickupPlan = { method: 'get', path: '/api/requests/:id/pickup' } as const;
export const offerPickup = { method: 'put', path: '/api/requests/:id/pickup' } as const;
export const choosePickupWindow = { method: 'post', path: '/api/requests/:id/pickup/choice' } as const;
export const proposePickupWindow = { method: 'post', path: '/api/requests/:id/pickup/proposal' } as const;
export const acceptPickupProposal = {
  method: 'post',
  path: '/api/requests/:id/pickup/proposal/accept',
} as const;
export const noShowCounts = { method: 'get', path: '/api/admin/all-requests/no-shows' } as const;
export const recallReach = { method: 'get', path: '/api/admin/recall-reach/:id' } as const;
export const resendRecallNotices = { method: 'post', path: '/api/admin/recall-reach/:id/resend' } as const;
export const myRecallNotices = { method: 'get', path: '/api/recall-notices/my' } as const;
export const acknowledgeRecall = { method: 'post', path: '/api/recall-notices/:id/acknowledge' } as const;
export const pushKey = { method: 'get', path: '/api/push/key' } as const;
export const myPushSubscriptions = { method: 'get', path: '/api/push/subscriptions' } as const;
export const subscribePush = { method: 'post', path: '/api/push/subscriptions' } as const;
export const unsubscribePush = { method: 'delete', path: '/api/push/subscriptions' } as const;
export const removePushSubscription = { method: 'delete', path: '/api/push/subscriptions/:id' } as const;
