import { createContext, useContext, type ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import React, { startTransition } from 'react';
import singleSpaReact from 'single-spa-react';
import { FluentProvider } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import type { UserType } from '@medrelay/contracts';
import { useSession } from '@medrelay/api-client';
import { addTexts } from '@medrelay/i18n';
import { roleTheme } from './themes';
import { ErrorState } from './components/error-state';
import type { RemoteProps, RoleRemoteModule, ShowToast, SidebarItem } from './remote-contract';
import type { User } from '@medrelay/contracts';
import { RoleRouteTable } from './components/role-route-table';

interface RemoteContextValue {
  user: User;
  toast: ShowToast;
}
/** The user and toast of a remote (component tests provide it directly). */
export const RemoteContext = createContext<RemoteContextValue | null>(null);

/** The signed-in user and the shell's toast function, inside a remote. */
export function useRemote(): RemoteContextValue {
  const value = useContext(RemoteContext);
  if (!value) throw new Error('useRemote must be used inside a role app');
  return value;
}

/** The signed-in user as the shell's session has it now (profile edits included). */
function LiveUser({ props, children }: { props: RemoteProps; children: React.ReactNode }) {
  const { data: user } = useSession();
  return (
    <RemoteContext.Provider value={{ user: user ?? props.user, toast: props.toast }}>
      {children}
    </RemoteContext.Provider>
  );
}

/** The role's theme in the page's direction; follows language changes. */
function ThemedRoot({ role, children }: { role: UserType; children: React.ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <FluentProvider theme={roleTheme(role)} dir={i18n.dir()} style={{ background: 'transparent' }}>
      {children}
    </FluentProvider>
  );
}

function Crashed() {
  const { t } = useTranslation('common');
  return (
    <ErrorState title={t('remote.failedTitle')} body={t('toast.error')} onRetry={() => location.reload()} />
  );
}

/**
 * React roots whose renders run as transitions: a role's screens mount in slices that give the
 * main thread back every few milliseconds, so a tap meanwhile is not kept waiting (as the shell's
 * first render, shell/src/bootstrap.tsx).
 */
const transitionRoots = {
  ...ReactDOMClient,
  createRoot(container: Element | DocumentFragment, options?: ReactDOMClient.RootOptions) {
    const root = ReactDOMClient.createRoot(container, options);
    return {
      ...root,
      render: (children: React.ReactNode) => startTransition(() => root.render(children)),
      unmount: () => root.unmount(),
    };
  },
};

interface RoleAppOptions {
  role: UserType;
  texts: RoleRemoteModule['texts'];
  sidebar: SidebarItem[];
  /** The role's screens by path, relative to `/<role>` (RoleRouteTable adds the index and the 404). */
  screens: Record<string, ComponentType>;
}

/** Builds the `./app` module of a role remote: single-spa lifecycles around the role's routes. */
export function createRoleApp({ role, texts, sidebar, screens }: RoleAppOptions): RoleRemoteModule {
  function Root(props: RemoteProps) {
    addTexts(props.i18n, role, texts);
    return (
      <QueryClientProvider client={props.queryClient}>
        <I18nextProvider i18n={props.i18n} defaultNS={role}>
          <LiveUser props={props}>
            <ThemedRoot role={role}>
              <BrowserRouter basename={`/${role}`}>
                <RoleRouteTable screens={screens} />
              </BrowserRouter>
            </ThemedRoot>
          </LiveUser>
        </I18nextProvider>
      </QueryClientProvider>
    );
  }
  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient: transitionRoots,
    rootComponent: Root,
    domElementGetter: (props) => props.domElement,
    errorBoundary: () => <Crashed />,
  });
  return { role, texts, sidebar, lifecycles };
}
