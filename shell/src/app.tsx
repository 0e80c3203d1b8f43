import { lazy, Suspense, type ReactNode } from 'react';
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
import { withFocusManagement } from './chrome/with-focus-management';

// The landing page is the first load; every other screen (and the signed-in chrome) comes on demand,
// with the focus management its Fluent components need.
const LoginPage = lazy(
  withFocusManagement(() => import('./auth/login-page').then((m) => ({ default: m.LoginPage }))),
);
const RegisterPage = lazy(
  withFocusManagement(() => import('./auth/register-page').then((m) => ({ default: m.RegisterPage }))),
);
const RoleArea = lazy(
  withFocusManagement(() => import('./chrome/role-area').then((m) => ({ default: m.RoleArea }))),
);
const NotFoundPage = lazy(
  withFocusManagement(() => import('./not-found').then((m) => ({ default: m.NotFoundPage }))),
);
const UnlockPage = lazy(
  withFocusManagement(() => import('./auth/account-links').then((m) => ({ default: m.UnlockPage }))),
);
const ForgotPasswordPage = lazy(
  withFocusManagement(() => import('./auth/account-links').then((m) => ({ default: m.ForgotPasswordPage }))),
);
const ResetPasswordPage = lazy(
  withFocusManagement(() => import('./auth/account-links').then((m) => ({ default: m.ResetPasswordPage }))),
);
const VerifyEmailPage = lazy(
  withFocusManagement(() => import('./auth/account-links').then((m) => ({ default: m.VerifyEmailPage }))),
);

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
