import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  publicGetPaths,
  type LoginInput,
  type LoginResponse,
  type RegistrationInput,
  type User,
} from '@medrelay/contracts';
import { identityEndpoints as identity, requestEndpoints } from '@medrelay/contracts/endpoints';
import { callApi, routeKey } from './call';
import { ApiError, tokenStore } from './http';
import { forgetSavedAnswers } from './offline';

export const meKey = routeKey(identity.me);

/**
 * Forgets what the signed-in user was shown, in memory and the lists saved on the device, so the
 * next person on a shared phone never sees them: at a sign-out, a session that ended without one
 * (a 401), another tab's sign-in or sign-out, and before a new sign-in. Kept: the session's own
 * entry, the public figures and the loaded remotes (no user data; single-spa keeps their
 * lifecycles anyway).
 */
export function forgetUserData(client: QueryClient): void {
  const kept = new Set<unknown>([meKey[0], 'remote', ...publicGetPaths]);
  client.removeQueries({ predicate: (query) => !kept.has(query.queryKey[0]) });
  void forgetSavedAnswers().catch(() => undefined);
  forgetStoredUserData();
}

/** What screens keep per user in localStorage (`medrelay:` keys: a donor's last pickup place). */
const userDataPrefix = 'medrelay:';

function forgetStoredUserData(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(userDataPrefix)) localStorage.removeItem(key);
  } catch {
    // No storage (private mode): nothing was kept.
  }
}

/**
 * The stored session, checked once on load (spec §4). Any failure drops the token silently and
 * the visitor is treated as signed out (null).
 */
export async function loadSession(): Promise<User | null> {
  if (!tokenStore.get()) return null;
  try {
    return await callApi(identity.me);
  } catch (error) {
    // Only an answer from the server ends the session; an unreachable one (offline, a restart)
    // leaves the token for the next load. An ended session leaves no saved lists either.
    if (error instanceof ApiError) {
      tokenStore.clear();
      if (error.status === 401) void forgetSavedAnswers().catch(() => undefined);
    }
    return null;
  }
}

export function useSession() {
  // The token is the source of truth: once it is gone (logout) the user is gone in the same
  // render, before the query cache has told its observers.
  return useQuery({
    queryKey: meKey,
    queryFn: loadSession,
    select: (user) => (tokenStore.get() ? user : null),
  });
}

/**
 * Set when a sign-in's password no longer meets the platform's policy, until it is
 * changed: the screens ask for a new one. Kept for the tab, so a reload still asks.
 */
const weakPasswordKey = 'medrelay.passwordWeak';
export const passwordAdvice = {
  get: () => sessionStorage.getItem(weakPasswordKey) === '1',
  set: (weak: boolean) =>
    weak ? sessionStorage.setItem(weakPasswordKey, '1') : sessionStorage.removeItem(weakPasswordKey),
};

/** A finished sign-in: the token kept, the session known, the password advice noted. */
export function useStartSession() {
  const client = useQueryClient();
  return ({ token, user, passwordChangeAdvised }: LoginResponse) => {
    // Nothing a previous session of this browser was shown is left for this one.
    forgetUserData(client);
    tokenStore.set(token);
    passwordAdvice.set(passwordChangeAdvised === true);
    client.setQueryData(meKey, user);
  };
}

/**
 * Sign-in with e-mail and password. The answer is the session, or a challenge for the next step
 * (an authenticator code, or enrolment the administrator requires), which the screen carries on.
 */
export function useLogin() {
  const start = useStartSession();
  return useMutation({
    mutationFn: (input: LoginInput) => callApi(identity.login, { body: input }),
    onSuccess: (answer) => {
      if ('token' in answer) start(answer);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegistrationInput) => callApi(identity.register, { body: input }),
  });
}

/**
 * Set by a logout until the landing page has shown: the guards then send the user home (/)
 * rather than to the sign-in form they would give a visitor without a session.
 */
let loggedOut = false;
export const logoutState = {
  justLoggedOut: () => loggedOut,
  acknowledge: () => {
    loggedOut = false;
  },
};

/**
 * Forgets the token and every cached answer at once (so the next render is signed out), then
 * revokes the token on the server in the background (best effort: it expires anyway).
 */
export function useLogout() {
  const client = useQueryClient();
  return () => {
    const token = tokenStore.get();
    loggedOut = true;
    // Calls still in flight would come back 401 once the token is revoked: stop them.
    void client.cancelQueries();
    tokenStore.clear();
    client.setQueryData(meKey, null);
    forgetUserData(client);
    if (token) {
      // Sent with the token just cleared from the store, so not through callApi: this device's
      // pushes stop first (while the token still works), then the session ends.
      const { method, path } = identity.logout;
      const authorization = { Authorization: `Bearer ${token}` };
      void stopPushOnThisDevice(authorization)
        .catch(() => undefined)
        .then(() => fetch(path, { method: method.toUpperCase(), headers: authorization }))
        .catch(() => undefined);
    }
  };
}

/**
 * A signed-out device receives no more of its user's pushes (a shared phone would show them to
 * the next person): the server forgets its subscription and the browser drops it.
 */
async function stopPushOnThisDevice(authorization: Record<string, string>): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  const { method, path } = requestEndpoints.unsubscribePush;
  const query = new URLSearchParams({ endpoint: subscription.endpoint });
  await fetch(`${path}?${query}`, { method: method.toUpperCase(), headers: authorization });
  await subscription.unsubscribe();
}

export const publicSettingsKey = routeKey(identity.publicSettings);

export function usePublicSettings() {
  return useQuery({
    queryKey: publicSettingsKey,
    queryFn: () => callApi(identity.publicSettings),
  });
}
