import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { liveEventKinds, type LiveEvent } from '@medrelay/contracts';
import {
  catalogEndpoints,
  gatewayEndpoints,
  identityEndpoints,
  requestEndpoints,
} from '@medrelay/contracts/endpoints';
import { isRoutePath, routeKey } from './call';
import { catalogKeys, refetchStockLists } from './catalog';
import { liveStatusKey } from './live-status';
import { shareLiveEvents } from './live-tabs';
import { needKeys } from './needs';
import { notificationKeys } from './notifications';
import { pickupKeys } from './pickup';
import { refetchRecallReach } from './recalls';
import { refetchAfterRequestChange, requestKeys } from './requests';
import { meKey } from './session';

/*
 * Live screens (docs/messaging.md "Live screens"): one stream of hints per signed-in
 * browser (GET /api/events, live-stream.ts, shared by its tabs, live-tabs.ts), each answered by
 * invalidating the cached answers it concerns, so open screens (the shell's and the remotes',
 * which share the shell's QueryClient) refetch through the normal API what the user may see.
 */

/** What each kind of event makes stale; `id` narrows it where a screen caches one item. */
export function refetchForLiveEvent(client: QueryClient, event: LiveEvent): Promise<unknown> {
  const invalidate = (queryKey: readonly unknown[]) => client.invalidateQueries({ queryKey });
  // The pickup plan of one request, or of every request when the event names none.
  const plans = () =>
    event.id
      ? invalidate(pickupKeys.plan(event.id))
      : client.invalidateQueries({
          predicate: (query) => isRoutePath(requestEndpoints.pickupPlan, query.queryKey[0]),
        });
  switch (event.kind) {
    case 'request':
      return Promise.all([refetchAfterRequestChange(client), plans()]);
    case 'pickup':
      return Promise.all([
        invalidate(requestKeys.mine),
        invalidate(requestKeys.transactions),
        plans(),
        event.id
          ? invalidate(requestKeys.one(event.id))
          : client.invalidateQueries({
              predicate: (query) => isRoutePath(requestEndpoints.request, query.queryKey[0]),
            }),
      ]);
    case 'notification':
      // The daily expiry scan's alerts arrive as notifications: the bell's expiring stock too.
      return Promise.all([invalidate(notificationKeys.all), invalidate(catalogKeys.expiring)]);
    case 'needs':
    case 'matches':
      return Promise.all([invalidate(needKeys.mine), invalidate(needKeys.matches)]);
    case 'recall':
      return Promise.all([
        // A listing quarantined or offered again: the owner's stock and every browse list.
        refetchStockLists(client),
        invalidate(routeKey(catalogEndpoints.recalls)),
        invalidate(routeKey(catalogEndpoints.allMedicines)),
        // Who it reached and who acknowledged; the caller's notices and flagged rows.
        refetchRecallReach(client, event.id),
      ]);
    case 'account':
      // The account decided (a pending registrant's screen enters the dashboard once approved),
      // or its pharmacist's licence accepted or refused: what Settings says, and whether donors'
      // medicines are shown and matched to it.
      return Promise.all([invalidate(meKey), refetchStockLists(client), invalidate(needKeys.matches)]);
    case 'users':
      // Administrators: accounts and licences waiting (the lists, the sidebar's badge, the figures).
      return Promise.all(
        [
          identityEndpoints.pendingUsers,
          identityEndpoints.allUsers,
          identityEndpoints.pendingPharmacistLicenses,
          gatewayEndpoints.adminStats,
          gatewayEndpoints.adminActivity,
        ].map((route) => invalidate(routeKey(route))),
      );
  }
}

/** Everything an event could have made stale: after a drop, when any of them may have been missed. */
function refetchAllLive(client: QueryClient): Promise<unknown> {
  return Promise.all(liveEventKinds.map((kind) => refetchForLiveEvent(client, { kind })));
}

/**
 * Mounted once for a signed-in user (the shell's role area, or the pending-approval notice):
 * keeps the live stream open and refreshes what each event concerns. Closing it (sign-out,
 * leaving the role area) ends the stream. `onSessionEnded`: what the screen does when the gateway
 * refuses the session (the stream then stops).
 */
export function useLiveUpdates(enabled = true, options: { onSessionEnded?: () => void } = {}): void {
  const client = useQueryClient();
  const sessionEnded = useRef(options.onSessionEnded);
  sessionEnded.current = options.onSessionEnded;
  useEffect(() => {
    if (!enabled) return;
    const connection = shareLiveEvents({
      onEvent: (event) => void refetchForLiveEvent(client, event),
      onReconnect: () => void refetchAllLive(client),
      onStatus: (status) => client.setQueryData(liveStatusKey, status),
      onSessionEnded: () => sessionEnded.current?.(),
    });
    return () => {
      connection.close();
      client.setQueryData(liveStatusKey, 'down');
    };
  }, [client, enabled]);
}
