import type { ReactElement, ReactNode } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider, type QueryFunction } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { publicSettingsKey } from '@medrelay/api-client';
import { defaultSettings, publicSettingsSchema, type Language, type User } from '@medrelay/contracts';
import { addTexts, createI18n } from '@medrelay/i18n';
import { addMessageTexts } from '@medrelay/i18n/messages';
import { addWorkTexts } from '@medrelay/i18n/work';
import { RemoteContext } from '../role-app';
import type { ShowToast } from '../remote-contract';
import { roleTheme } from '../themes';

// Fluent cancels its dialog animations on unmount; happy-dom then rejects each animation's
// `finished` promise, which Fluent never reads (browsers do the same, silently).
const animate = Element.prototype.animate;
Element.prototype.animate = function (this: Element, ...args: Parameters<typeof animate>) {
  const animation = animate.apply(this, args);
  animation.finished.catch(() => {});
  return animation;
};

const noServer: QueryFunction = ({ queryKey }) => {
  throw new Error(`No server in component tests: ${String(queryKey[0])}`);
};

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
    namespace = role,
    queryFn,
    user: given,
  }: {
    language?: Language;
    role?: User['userType'];
    /** The signed-in user's fields beyond id, name, e-mail and role (e.g. their profile). */
    user?: Partial<User>;
    texts?: Record<Language, Record<string, unknown>>;
    /** The namespace of `texts` (the role's by default; the shell's is 'shell'). */
    namespace?: string;
    queryFn?: QueryFunction;
  } = {},
) {
  const i18n = await createI18n();
  // Screens under test are signed-in screens (or registration): their shared texts are there.
  addWorkTexts(i18n);
  addMessageTexts(i18n);
  await i18n.changeLanguage(language);
  if (texts) addTexts(i18n, namespace, texts);
  const client = new QueryClient({
    // No server here: a query the test did not answer fails (screens then use their defaults).
    defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: queryFn ?? noServer } },
  });
  // The public settings (upload limit, …) as a fresh install has them.
  client.setQueryData(publicSettingsKey, publicSettingsSchema.parse(defaultSettings));
  const toasts: Toasted[] = [];
  const toast: ShowToast = (shown) => void toasts.push(shown as Toasted);
  const user = { id: 1, name: 'Test user', email: 'test@example.com', userType: role, ...given } as User;
  // A wrapper, so that `rerender` keeps the providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n} defaultNS={texts ? namespace : 'common'}>
        <RemoteContext.Provider value={{ user, toast }}>
          <FluentProvider theme={roleTheme(role)} dir={i18n.dir()}>
            {children}
          </FluentProvider>
        </RemoteContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>
  );
  const result = render(ui, { wrapper });
  return { ...result, i18n, client, toasts };
}
