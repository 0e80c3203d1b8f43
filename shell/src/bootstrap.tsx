import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createQueryClient,
  forgetUserData,
  meKey,
  setApiLanguage,
  tokenStorageKey,
  tokenStore,
} from '@medrelay/api-client';
import { addTexts, createI18n, currentLanguage, languageStorageKey } from '@medrelay/i18n';
import { App, loadPaintedScreen } from './app';
import { shellTexts } from './texts';

const i18n = await createI18n();
addTexts(i18n, 'shell', shellTexts);
setApiLanguage(() => currentLanguage(i18n));
const queryClient = createQueryClient();
// A visitor without a token has no session to check: the landing page renders at once, without
// a spinner first and a second render after an (empty) session check.
if (!tokenStore.get()) queryClient.setQueryData(meKey, null);

// Another tab signed in or out, or switched language: follow it.
window.addEventListener('storage', (event) => {
  if (event.key === tokenStorageKey) {
    // A sign-out or sign-in elsewhere: whoever is signed in next was not shown what this tab was.
    // (A token replaced by another is the same session renewed: a password change.)
    if (!event.oldValue || !event.newValue) forgetUserData(queryClient);
    void queryClient.invalidateQueries({ queryKey: meKey });
  }
  if (event.key === languageStorageKey && event.newValue) void i18n.changeLanguage(event.newValue);
});

await loadPaintedScreen();
const root = createRoot(document.getElementById('root')!);
// Rendered in slices that give the main thread back every few milliseconds (a transition): the
// screen painted from index.html stays while the app renders, and a tap or a keystroke meanwhile
// is not kept waiting (Total Blocking Time).
startTransition(() => root.render(<App i18n={i18n} queryClient={queryClient} />));
// single-spa starts with the first role area (remotes/outlet), not on the landing page.
