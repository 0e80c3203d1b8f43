// A small stand-in for the shell, so a role team can run its remote alone against the real API
// (`npm run dev -w mf-<role>`, proxied to the gateway). It supplies the same props the shell does.
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { mountRootParcel, navigateToUrl } from 'single-spa';
import {
  Button,
  FluentProvider,
  Input,
  Toast,
  ToastTitle,
  Toaster,
  useToastController,
} from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import {
  callApi,
  createQueryClient,
  loadSession,
  setApiLanguage,
  tokenStore,
  useLiveUpdates,
} from '@medrelay/api-client';
import type { User } from '@medrelay/contracts';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { addTexts, createI18n, currentLanguage } from '@medrelay/i18n';
import { addMessageTexts } from '@medrelay/i18n/messages';
import { addWorkTexts } from '@medrelay/i18n/work';
import type { RoleRemoteModule, ShowToast } from './remote-contract';
import { roleTheme } from './themes';
import { setUpFocusManagement } from './focus-management';

function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      style={{ display: 'grid', gap: 8, maxWidth: 320, margin: '10vh auto' }}
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          const answer = await callApi(identityEndpoints.login, { body: { email, password } });
          // The harness has no second step: an account with two-factor signs in on the platform.
          if (!('token' in answer)) throw new Error('This account signs in with a second factor');
          tokenStore.set(answer.token);
          location.reload();
        } catch (err) {
          setError((err as Error).message);
        }
      }}
    >
      <strong>Dev harness sign-in</strong>
      <Input placeholder="email" value={email} onChange={(_, d) => setEmail(d.value)} />
      <Input
        placeholder="password"
        type="password"
        value={password}
        onChange={(_, d) => setPassword(d.value)}
      />
      <Button appearance="primary" type="submit">
        Sign in
      </Button>
      {error && <span role="alert">{error}</span>}
    </form>
  );
}

/** The live event stream, as the shell keeps it for signed-in users. */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

function Harness({
  app,
  user,
  i18n,
  queryClient,
}: {
  app: RoleRemoteModule;
  user: User;
  i18n: I18n;
  queryClient: QueryClient;
}) {
  const outlet = useRef<HTMLDivElement>(null);
  const { dispatchToast } = useToastController('harness');
  const [, rerender] = useState(0);
  const toast: ShowToast = ({ title, description }) =>
    dispatchToast(
      <Toast>
        <ToastTitle>{description ? `${title}: ${description}` : title}</ToastTitle>
      </Toast>,
    );
  useEffect(() => {
    const parcel = mountRootParcel(app.lifecycles as never, {
      queryClient,
      i18n,
      user,
      toast,
      domElement: outlet.current!,
    });
    return () => void parcel.unmount();
    // Mounted once, as the shell does.
  }, []); // eslint-disable-line
  return (
    <FluentProvider theme={roleTheme(app.role)} dir={i18n.dir()}>
      <div style={{ display: 'flex', gap: 12, padding: 8, alignItems: 'center' }}>
        <strong>{app.role} · dev harness</strong>
        {app.sidebar.map((item) => (
          <Button key={item.path} size="small" onClick={() => navigateToUrl(item.path)}>
            {i18n.t(item.labelKey, { ns: app.role })}
          </Button>
        ))}
        <Button
          size="small"
          onClick={() =>
            i18n
              .changeLanguage(currentLanguage(i18n) === 'ar' ? 'en' : 'ar')
              .then(() => rerender((n) => n + 1))
          }
        >
          en / ar
        </Button>
        <Button size="small" onClick={() => (tokenStore.clear(), location.reload())}>
          Sign out
        </Button>
      </div>
      <div ref={outlet} style={{ padding: 16 }} />
      <Toaster toasterId="harness" limit={1} />
    </FluentProvider>
  );
}

export async function mountDevHarness(app: RoleRemoteModule) {
  setUpFocusManagement();
  const i18n = await createI18n();
  addWorkTexts(i18n);
  addMessageTexts(i18n);
  addTexts(i18n, app.role, app.texts);
  setApiLanguage(() => currentLanguage(i18n));
  const queryClient = createQueryClient();
  const user = await loadSession();
  if (user && location.pathname === '/') history.replaceState(null, '', `/${app.role}/dashboard`);
  const root = createRoot(document.getElementById('harness')!);
  root.render(
    <FluentProvider theme={roleTheme(app.role)}>
      {user ? (
        <QueryClientProvider client={queryClient}>
          <LiveUpdates />
          <Harness app={app} user={user} i18n={i18n} queryClient={queryClient} />
        </QueryClientProvider>
      ) : (
        <SignIn />
      )}
    </FluentProvider>,
  );
}
