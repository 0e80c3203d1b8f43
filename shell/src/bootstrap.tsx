import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { createQueryClient, setApiLanguage } from '@medrelay/api-client';
import { addTexts, createI18n, currentLanguage } from '@medrelay/i18n';
import { App } from './app';
import { shellTexts } from './texts';

const i18n = await createI18n();
addTexts(i18n, 'shell', shellTexts);
setApiLanguage(() => currentLanguage(i18n));
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(<App i18n={i18n} queryClient={queryClient} />);
// single-spa mounts a role's remote when the shell's chrome offers it a place (see remotes/outlet).
start({ urlRerouteOnly: true });
