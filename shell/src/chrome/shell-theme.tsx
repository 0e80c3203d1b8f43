import { useEffect, type ReactNode } from 'react';
import { FluentProvider, makeStaticStyles, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSession } from '@medrelay/api-client';
import { userTypes, type UserType } from '@medrelay/contracts';
import { roleBrandColours, roleTheme } from '@medrelay/ui';

const useStyles = makeStyles({
  root: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
});

// Fluent marks a focused field only by a thin coloured underline; every field on every screen
// (the remotes' too: one document) gets a clear ring, in the active theme's focus colour.
const fields = ['Input', 'Textarea', 'Select', 'Combobox', 'Dropdown', 'SpinButton']
  .map((name) => `.fui-${name}:focus-within`)
  .join(', ');
const useFocusRing = makeStaticStyles(
  `${fields} { outline: 2px solid var(--colorStrokeFocus2); outline-offset: 2px; }`,
);

/** The role whose area is open (from the URL), else the signed-in user's role, else pharmacy (spec §1). */
function useActiveRole(): UserType | null {
  const { pathname } = useLocation();
  const { data: user } = useSession();
  const fromPath = userTypes.find((role) => pathname === `/${role}` || pathname.startsWith(`/${role}/`));
  return fromPath ?? user?.userType ?? null;
}

/** Fluent's theme for the active role, in the direction of the page's language. */
export function ShellTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const styles = useStyles();
  useFocusRing();
  const role = useActiveRole();
  // The browser's and the installed app's bar take the role's colour (the manifest has the default's).
  useEffect(() => {
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', roleBrandColours[role ?? 'pharmacy']);
  }, [role]);
  return (
    // The page background sits on an inner element: a className on the provider would also be
    // copied onto Fluent's portal layer (toasts, popovers) and cover the page.
    <FluentProvider theme={roleTheme(role)} dir={i18n.dir()}>
      <div className={styles.root}>{children}</div>
    </FluentProvider>
  );
}
