import type { i18n as I18n } from 'i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { userTypes } from '@medrelay/contracts';
import { ShellTheme } from './chrome/shell-theme';
import { ToastProvider } from './chrome/toasts';
import { LandingPage } from './landing/landing-page';
import { LoginPage } from './auth/login-page';
import { RegisterPage } from './auth/register-page';
import { NotFoundPage } from './not-found';
import { RoleArea } from './chrome/role-area';

/** The shell's route table: public screens, one guarded area per role, and the 404 page. */
export function App({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n} defaultNS="shell">
        <BrowserRouter>
          <ShellTheme>
            <ToastProvider>
              <Routes>
                <Route path="/" element={<LandingPage />} />
                <Route path="/login" element={<LoginPage />} />
                <Route path="/register" element={<RegisterPage />} />
                {userTypes.map((role) => (
                  <Route key={role} path={`/${role}/*`} element={<RoleArea role={role} />} />
                ))}
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </ToastProvider>
          </ShellTheme>
        </BrowserRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
