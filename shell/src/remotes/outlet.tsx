import { useEffect, useRef, useState } from 'react';
import {
  addErrorHandler,
  getAppNames,
  getAppStatus,
  registerApplication,
  removeErrorHandler,
  SKIP_BECAUSE_BROKEN,
  start,
  triggerAppChange,
} from 'single-spa';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User, UserType } from '@medrelay/contracts';
import { ErrorState, type RemoteProps, type RoleRemoteModule } from '@medrelay/ui';
import { useToast } from '../chrome/toasts';

/**
 * single-spa decides what is mounted; the shell's chrome decides where. A role's application is
 * active while its outlet is on screen (after the guards passed), and gets the outlet's element.
 */
// Started here, with the first role area, so the landing page does not download single-spa.
start({ urlRerouteOnly: true });

const propsByRole = new Map<UserType, RemoteProps>();
let activeRole: UserType | null = null;

const appName = (role: UserType) => `mf_${role}`;

function ensureRegistered(module: RoleRemoteModule) {
  if (getAppNames().includes(appName(module.role))) return;
  registerApplication<RemoteProps>({
    name: appName(module.role),
    app: async () => module.lifecycles,
    activeWhen: () => activeRole === module.role,
    customProps: () => propsByRole.get(module.role)!,
  });
}

export function RemoteOutlet({ module, user }: { module: RoleRemoteModule; user: User }) {
  const element = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const { i18n, t } = useTranslation('common');
  const toast = useToast();
  // A remote that failed to mount once is skipped by single-spa afterwards, without a new error.
  const [broken, setBroken] = useState(() => getAppStatus(appName(module.role)) === SKIP_BECAUSE_BROKEN);
  // The user at mount; the remote then follows the session in the shared query cache.
  const userAtMount = useRef(user);

  useEffect(() => {
    const role = module.role;
    const onError = (error: { appOrParcelName: string }) => {
      if (error.appOrParcelName === appName(role)) setBroken(true);
    };
    addErrorHandler(onError);
    propsByRole.set(role, {
      queryClient,
      i18n,
      user: userAtMount.current,
      toast,
      domElement: element.current!,
    });
    ensureRegistered(module);
    activeRole = role;
    void triggerAppChange();
    return () => {
      removeErrorHandler(onError);
      if (activeRole === role) activeRole = null;
      void triggerAppChange();
    };
  }, [module, queryClient, i18n, toast]);

  if (broken) {
    return (
      <ErrorState
        title={t('remote.failedTitle')}
        body={t('remote.failedBody', { role: t(`userType.${module.role}`) })}
        onRetry={() => location.reload()}
      />
    );
  }
  return <div ref={element} data-testid={`remote-${module.role}`} />;
}
