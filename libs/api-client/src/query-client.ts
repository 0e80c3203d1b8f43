import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { authenticationRequired, publicGetPaths } from '@medrelay/contracts';
import { apiLanguage, apiRequest, ApiError, tokenStore, urlFromQueryKey } from './http';
import { forgetUserData, meKey } from './session';

const getJson = <T>(url: string, signal?: AbortSignal) => apiRequest<T>('GET', url, undefined, signal);

/**
 * The default loader of spec §7: GET the key's path; a 401 is null only when the caller opts in.
 * `load` reads the answer another way (a page with its total), behind the same guards.
 */
export function getQueryFn<T>(
  options: { on401: 'returnNull' | 'throw' } = { on401: 'throw' },
  load: (url: string, signal?: AbortSignal) => Promise<T> = getJson,
): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    // Signed out (a logout while a screen was still loading): a guarded call could only come
    // back 401, so it is not sent. The screen is on its way out anyway.
    const path = String(queryKey[0]);
    if (!tokenStore.get() && !publicGetPaths.includes(path)) {
      if (options.on401 === 'returnNull') return null as T;
      // The same answer the server would give, in the page's language.
      const message = authenticationRequired[apiLanguage()];
      throw new ApiError(401, message, { message, code: 'UNAUTHENTICATED' });
    }
    try {
      // The signal lets a logout cancel what is in flight.
      return await load(urlFromQueryKey(queryKey), signal);
    } catch (error) {
      if (options.on401 === 'returnNull' && error instanceof ApiError && error.status === 401)
        return null as T;
      throw error;
    }
  };
}

/**
 * Spec §7 cache behaviour: no focus refetch, no polling, never stale, no retries. Calls go out
 * even when the browser says it is offline (networkMode 'always'): MedRelay's service worker
 * answers a list from its saved copy and keeps a form to send later (docs/offline.md), where
 * TanStack Query's default would pause them until the browser said it was online again.
 */
export function createQueryClient(): QueryClient {
  // A 401 on any call means the session ended (expired, suspended, signed out elsewhere): forget
  // it, so the guards send the user to sign in instead of failing call after call.
  const onError = (error: Error) => {
    if (error instanceof ApiError && error.status === 401 && tokenStore.get()) {
      tokenStore.clear();
      client.setQueryData(meKey, null);
      // A session that ended without a sign-out (expired, revoked) leaves nothing it was shown.
      forgetUserData(client);
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return client;
}

/**
 * Asks again for every list on screen (the connection is back, or a kept form was sent): all
 * queries but the session (an offline answer there would sign the user out) and the loaded
 * remotes (reloading one would remount its screens).
 */
export function refetchLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    refetchType: 'active',
    predicate: (query) => query.queryKey[0] !== meKey[0] && query.queryKey[0] !== 'remote',
  });
}
