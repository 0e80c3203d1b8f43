import type { ReactElement } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider, type QueryFunction } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Language, User } from '@medrelay/contracts';
import { addTexts, createI18n } from '@medrelay/i18n';
import { RemoteContext } from '../role-app';
import type { ShowToast } from '../remote-contract';
import { roleTheme } from '../themes';

export interface Toasted {
  title: string;
  description?: string;
  intent: string;
}

/**
 * Renders a component as a role remote does (component tests only): the page's i18n in the
 * given language with the role's texts, the role theme in the page's direction, a query client
 * (its loader given by the test) and the remote context, whose toasts are collected.
 */
export async function renderInRemote(
  ui: ReactElement,
  {
    language = 'en',
    role = 'pharmacy',
    texts,
    queryFn,
  }: {
    language?: Language;
    role?: User['userType'];
    texts?: Record<Language, Record<string, unknown>>;
    queryFn?: QueryFunction;
  } = {},
) {
  const i18n = await createI18n();
  await i18n.changeLanguage(language);
  if (texts) addTexts(i18n, role, texts);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, ...(queryFn ? { queryFn } : {}) } },
  });
  const toasts: Toasted[] = [];
  const toast: ShowToast = (shown) => void toasts.push(shown as Toasted);
  const user = { id: 1, name: 'Test user', email: 'test@example.com', userType: role } as User;
  const result = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n} defaultNS={texts ? role : 'common'}>
        <RemoteContext.Provider value={{ user, toast }}>
          <FluentProvider theme={roleTheme(role)} dir={i18n.dir()}>
            {ui}
          </FluentProvider>
        </RemoteContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, i18n, client, toasts };
}
