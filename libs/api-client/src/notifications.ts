import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Notification } from '@medrelay/contracts';
import { requestEndpoints as requests } from '@medrelay/contracts/endpoints';
import { callApi, routeKey } from './call';
import { apiSend, type Page } from './http';
import { useLiveConnected } from './live-status';
import { getQueryFn } from './query-client';

/**
 * A notification as the inbox reads it: any `type` string, so a type another service adds later
 * still shows (its title and message come rendered from the server).
 */
export type InboxNotification = Omit<Notification, 'type'> & { type: string };

/** A page of the inbox and the caller's unread count (`X-Unread-Count`). */
export interface InboxPage extends Page<InboxNotification> {
  unread: number;
}

/** Rows the panel loads at a time. */
export const inboxPageSize = 10;
/**
 * How often the bell asks for the unread count while the live stream is down (and again when the
 * window regains focus): a minute keeps the badge near live at one small query per user. While
 * the stream is open, its events refresh the badge instead.
 */
export const unreadRefreshMs = 60 * 1000;

export const notificationKeys = {
  /** Every notification query (the path alone matches them all). */
  all: routeKey(requests.notifications),
  /** The badge: one row, read for its headers. */
  count: routeKey(requests.notifications, { query: { pageSize: 1 } }),
  pages: [...routeKey(requests.notifications), 'inbox'] as const,
};

/** GET a page of notifications with the total and unread count from the headers. */
export async function fetchInboxPage(url: string, signal?: AbortSignal): Promise<InboxPage> {
  const res = await apiSend('GET', url, undefined, signal);
  const items = (await res.json()) as InboxNotification[];
  const header = (name: string, fallback: number) => {
    const value = Number(res.headers.get(name) ?? NaN);
    return Number.isFinite(value) ? value : fallback;
  };
  return { items, total: header('X-Total-Count', items.length), unread: header('X-Unread-Count', 0) };
}

const loadPage = getQueryFn({ on401: 'throw' }, fetchInboxPage);

/**
 * The unread count of the bell: refreshed by live events, or polled while visible and refreshed
 * on focus when the stream is down; and after marking.
 */
export function useUnreadNotifications(enabled = true) {
  const live = useLiveConnected();
  return useQuery({
    queryKey: notificationKeys.count,
    queryFn: loadPage,
    enabled,
    select: (page) => page.unread,
    refetchInterval: live ? false : unreadRefreshMs,
    refetchOnWindowFocus: !live,
    // Focus within this time reuses the answer: no burst of calls when switching windows.
    staleTime: unreadRefreshMs / 2,
  });
}

/** The inbox, newest first, a page at a time ("load more"); loaded while `enabled` (panel open). */
export function useInboxPages(enabled: boolean) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.pages,
    queryFn: async (context) => {
      const page = await loadPage({
        ...context,
        queryKey: routeKey(requests.notifications, {
          query: { page: context.pageParam, pageSize: inboxPageSize },
        }),
      } as unknown as Parameters<typeof loadPage>[0]);
      // The badge follows the list just read, so the two never disagree on screen.
      client.setQueryData<InboxPage>(notificationKeys.count, {
        items: [],
        total: page.total,
        unread: page.unread,
      });
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, p) => sum + p.items.length, 0) < last.total && last.items.length
        ? pages.length + 1
        : undefined,
    enabled,
    // Afresh each time the panel opens: notifications arrive meanwhile.
    refetchOnMount: 'always',
    staleTime: 0,
  });
}

/** Marks the loaded rows read in place (all, or those with `ids`), so the list does not reload. */
function markLoaded(client: QueryClient, ids?: ReadonlySet<number>) {
  client.setQueryData<InfiniteData<InboxPage>>(notificationKeys.pages, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((n) => (!ids || ids.has(n.id) ? { ...n, isRead: true } : n)),
          })),
        }
      : data,
  );
}

/** Mark one read (opening it); the badge is asked again. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(requests.readNotification, { params: { id } }),
    onMutate: (id) => markLoaded(client, new Set([id])),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.count }),
  });
}

/** Mark all read; the badge is asked again. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(requests.readAllNotifications),
    onMutate: () => markLoaded(client),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.count }),
  });
}
