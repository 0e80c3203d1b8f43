import { createRoot } from 'react-dom/client';
import { createQueryClient, meKey, setApiLanguage, tokenStorageKey } from '@medrelay/api-client';
import { addTexts, createI18n, currentLanguage, languageStorageKey } from '@medrelay/i18n';
import { App } from './app';
import { shellTexts } from './texts';

const i18n = await createI18n();
addTexts(i18n, 'shell', shellTexts);
setApiLanguage(() => currentLanguage(i18n));
const queryClient = createQueryClient();

// Another tab signed in or out, or switched language: follow it.
window.addEventListener('storage', (event) => {
  if (event.key === tokenStorageKey) void queryClient.invalidateQueries({ queryKey: meKey });
  if (event.key === languageStorageKey && event.newValue) void i18n.changeLanguage(event.newValue);
});

createRoot(document.getElementById('root')!).render(<App i18n={i18n} queryClient={queryClient} />);
// single-spa starts with the first role area (remotes/outlet), not on the landing page.
