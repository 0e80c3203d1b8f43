import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLiveUpdates } from '@medrelay/api-client';
import type { User, UserType } from '@medrelay/contracts';
import { addTexts } from '@medrelay/i18n';
import { addMessageTexts } from '@medrelay/i18n/messages';
import { addWorkTexts } from '@medrelay/i18n/work';
import { CenteredSpinner, ErrorState, type RoleRemoteModule } from '@medrelay/ui';
import { RequireRole } from '../session/guard';
import { loadRoleRemote } from '../remotes/registry';
import { RemoteOutlet } from '../remotes/outlet';
import { useAppWorker } from '../offline/app-worker';
import { AppLayout } from './app-layout';
import { screenOf } from './screen-of';
import { screenOnDemand } from './screen-on-demand';
import { usePageTitle } from './use-page-title';

// The shell's own account screens load when opened: their forms (and the form library) are not
// evaluated on the way to every dashboard.
const AccountSettingsPage = screenOnDemand(() =>
  import('../settings/account-settings').then((m) => m.AccountSettingsPage),
);
const SecurityPage = screenOnDemand(() => import('../security/security-page').then((m) => m.SecurityPage));

/** Loads the role's remote once and registers its texts before anything of it is shown. */
function useRoleRemote(role: UserType) {
  const { i18n } = useTranslation();
  return useQuery<RoleRemoteModule>({
    queryKey: ['remote', role],
    queryFn: async () => {
      const module = await loadRoleRemote(role);
      addTexts(i18n, role, module.texts);
      return module;
    },
  });
}

function RoleContent({ role, user }: { role: UserType; user: User }) {
  const { pathname } = useLocation();
  const { t } = useTranslation('common');
  const remote = useRoleRemote(role);
  // The tab names the screen ("My Requests · MedRelay"), else the role's area.
  const screen = screenOf(pathname, role, remote.data?.sidebar ?? []);
  // One live event stream per signed-in page: the shell's and the remote's screens follow
  // changes made by others without a reload (it closes when this unmounts, e.g. on sign-out).
  useLiveUpdates();
  // The service worker (offline lists, forms kept while offline, web push), once the screen is up.
  useAppWorker(user.id);
  usePageTitle(screen ? t(screen.labelKey, { ns: role }) : t(`userType.${role}`));
  // Account settings belong to the shell for every role but admin, whose settings are the system's.
  const shellSettings = role !== 'admin' && pathname.replace(/\/+$/, '') === `/${role}/settings`;
  // Sign-in and security belong to the shell for every role.
  const shellSecurity = pathname.replace(/\/+$/, '') === `/${role}/security`;

  const loading = <CenteredSpinner label={t('loading')} />;
  let content;
  if (shellSecurity) content = <SecurityPage user={user} />;
  else if (shellSettings) content = <AccountSettingsPage user={user} />;
  else if (remote.isPending) content = loading;
  else if (remote.isError)
    content = (
      <ErrorState
        title={t('remote.failedTitle')}
        body={t('remote.failedBody', { role: t(`userType.${role}`) })}
        onRetry={() => void remote.refetch()}
      />
    );
  else content = <RemoteOutlet module={remote.data} user={user} />;

  return (
    // While the remote loads its items are unknown (null); a remote that failed leaves Settings.
    <AppLayout user={user} sidebar={remote.isPending ? null : (remote.data?.sidebar ?? [])}>
      <Suspense fallback={loading}>{content}</Suspense>
    </AppLayout>
  );
}

/** Everything under `/<role>/`: guarded, inside the chrome, the role's remote in the content area. */
export function RoleArea({ role }: { role: UserType }) {
  // The signed-in screens' shared texts and the API's messages come with this chunk, not with
  // the landing page.
  const { i18n } = useTranslation();
  addWorkTexts(i18n);
  addMessageTexts(i18n);
  return <RequireRole role={role}>{(user) => <RoleContent role={role} user={user} />}</RequireRole>;
}
