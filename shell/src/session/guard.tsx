import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logoutState, useSession } from '@medrelay/api-client';
import type { User, UserType } from '@medrelay/contracts';
import { mayUseProduct } from '@medrelay/domain';
import { CenteredSpinner } from '@medrelay/ui';
import { useToast } from '../chrome/toasts';

/** Sends a user who is not approved home, with the pending message of spec §4 (once). */
function PendingRedirect() {
  const toast = useToast();
  const { t } = useTranslation('common');
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast({ title: t('messages:accountPending'), intent: 'destructive' });
  }, [toast, t]);
  return <Navigate to="/" replace />;
}

/**
 * The access rules of spec §2: a spinner while the stored session is checked; no session →
 * /login; another role → /; not approved → / (admins bypass the approval check).
 */
export function RequireRole({ role, children }: { role: UserType; children: (user: User) => ReactNode }) {
  const session = useSession();
  const answer = session.isPending ? undefined : (session.data ?? null);
  // The screens behind the guard mount in a deferred render once the session's first answer is
  // in: that answer comes as a store update, which React renders in one piece, and mounting the
  // signed-in chrome in it blocked the main thread for about 260 ms at 4x CPU; a deferred render
  // is rendered in slices. A session already known is used at once, and every later change of it
  // (a new name, a sign-out) as it comes.
  const mounted = useDeferredValue(answer) !== undefined;
  const user = mounted ? answer : undefined;
  const { t } = useTranslation('common');
  if (user === undefined) return <CenteredSpinner fullScreen label={t('loading')} />;
  if (!user) return <Navigate to={logoutState.justLoggedOut() ? '/' : '/login'} replace />;
  if (user.userType !== role) return <Navigate to="/" replace />;
  if (!mayUseProduct(user.userType, user.status)) return <PendingRedirect />;
  return <>{children(user)}</>;
}

/** Where a user lands after signing in (spec §2). */
export function homeOf(user: Pick<User, 'userType'> | null | undefined): string {
  return user ? `/${user.userType}/dashboard` : '/';
}
