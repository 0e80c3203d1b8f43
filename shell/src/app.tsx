import { Suspense, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { userTypes } from '@medrelay/contracts';
import { ShellTheme } from './chrome/shell-theme';
import { ToastProvider } from './chrome/toasts';
import { CenteredSpinner } from '@medrelay/ui';
import { LandingPage } from './landing/landing-page';
import { ShellErrorBoundary } from './chrome/error-boundary';
import { screenOnDemand } from './chrome/screen-on-demand';

// The landing page is the first load; every other screen (and the signed-in chrome) comes on demand,
// with the focus management its Fluent components need.
const LoginPage = screenOnDemand(() => import('./auth/login-page').then((m) => m.LoginPage));
const RegisterPage = screenOnDemand(() => import('./auth/register-page').then((m) => m.RegisterPage));
const RoleArea = screenOnDemand(() => import('./chrome/role-area').then((m) => m.RoleArea));
const NotFoundPage = screenOnDemand(() => import('./not-found').then((m) => m.NotFoundPage));
const UnlockPage = screenOnDemand(() => import('./auth/account-links').then((m) => m.UnlockPage));
const ForgotPasswordPage = screenOnDemand(() =>
  import('./auth/account-links').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = screenOnDemand(() =>
  import('./auth/account-links').then((m) => m.ResetPasswordPage),
);
const VerifyEmailPage = screenOnDemand(() => import('./auth/account-links').then((m) => m.VerifyEmailPage));
const AccountDeletedPage = screenOnDemand(() =>
  import('./auth/account-deleted-page').then((m) => m.AccountDeletedPage),
);

/**
 * The screen painted from index.html (boot-language.js, first-paint.mjs), loaded before the
 * first render. If it cannot load, the first render shows the error as any screen's would.
 */
export async function loadPaintedScreen(): Promise<void> {
  const painted = document.documentElement.getAttribute('data-first-paint');
  const screen = painted === 'login' ? LoginPage : painted === 'not-found' ? NotFoundPage : null;
  await screen?.preload().catch(() => undefined);
}

function ErrorBoundary({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <ShellErrorBoundary title={t('toast.error')} body={t('toast.networkError')} retry={t('actions.retry')}>
      {children}
    </ShellErrorBoundary>
  );
}

/** The shell's route table: public screens, one guarded area per role, and the 404 page. */
export function App({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n} defaultNS="shell">
        <BrowserRouter>
          <ShellTheme>
            <ToastProvider>
              <ErrorBoundary>
                <Suspense fallback={<CenteredSpinner fullScreen />}>
                  <Routes>
                    <Route path="/" element={<LandingPage />} />
                    <Route path="/login" element={<LoginPage />} />
                    <Route path="/register" element={<RegisterPage />} />
                    <Route path="/unlock" element={<UnlockPage />} />
                    <Route path="/forgot-password" element={<ForgotPasswordPage />} />
                    <Route path="/reset-password" element={<ResetPasswordPage />} />
                    <Route path="/verify-email" element={<VerifyEmailPage />} />
                    <Route path="/account-deleted" element={<AccountDeletedPage />} />
                    {userTypes.map((role) => (
                      <Route key={role} path={`/${role}/*`} element={<RoleArea role={role} />} />
                    ))}
                    <Route path="*" element={<NotFoundPage />} />
                  </Routes>
                </Suspense>
              </ErrorBoundary>
            </ToastProvider>
          </ShellTheme>
        </BrowserRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
