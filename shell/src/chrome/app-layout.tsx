import { useEffect, useState, type ReactNode } from 'react';
import {
  DrawerBody,
  InlineDrawer,
  makeStyles,
  mergeClasses,
  OverlayDrawer,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { User } from '@medrelay/contracts';
import type { SidebarItem } from '@medrelay/ui';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { headerHeight } from './header-styles';
import { TabBar, tabBarHeight, useTabBar } from './tab-bar';
import { OfflineBanner } from '../offline/offline-banner';

const sidebarWidth = '256px';

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', minHeight: '100vh' },
  body: { display: 'flex', flex: '1 1 auto', minHeight: '0' },
  // One width on every screen (#3), and it stays in view under the header while the page scrolls.
  drawer: {
    flex: `0 0 ${sidebarWidth}`,
    width: sidebarWidth,
    position: 'sticky',
    insetBlockStart: headerHeight,
    alignSelf: 'flex-start',
    height: `calc(100vh - ${headerHeight})`,
    overflowY: 'auto',
    borderInlineEndWidth: tokens.strokeWidthThin,
    borderInlineEndStyle: 'solid',
    borderInlineEndColor: tokens.colorNeutralStroke2,
  },
  // Visible only when focused: keyboard users jump past the header and sidebar.
  skip: {
    position: 'absolute',
    insetInlineStart: tokens.spacingHorizontalM,
    insetBlockStart: '-100px',
    zIndex: 20,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus': { insetBlockStart: tokens.spacingVerticalS },
  },
  main: {
    flex: '1 1 auto',
    minWidth: '0',
    padding: tokens.spacingHorizontalXXL,
    // Not the bottom: on a phone the tab bar's room is there (a shorthand here would win over it).
    '@media (max-width: 600px)': {
      paddingInline: tokens.spacingHorizontalM,
      paddingBlockStart: tokens.spacingHorizontalM,
    },
  },
  // Room below the page for the phone's tab bar, so its last line is never under it.
  withTabBar: {
    paddingBlockEnd: `calc(${tabBarHeight} + env(safe-area-inset-bottom) + ${tokens.spacingVerticalL})`,
  },
});

const wideQuery = '(min-width: 900px)';
function useWideScreen() {
  const [wide, setWide] = useState(() => window.matchMedia(wideQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(wideQuery);
    const update = () => setWide(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return wide;
}

/** The chrome of every signed-in screen: header on top, role sidebar, content beside it. */
export function AppLayout({
  user,
  sidebar,
  children,
}: {
  user: User;
  /** The role's items, or null while they are not known yet. */
  sidebar: SidebarItem[] | null;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const wide = useWideScreen();
  const tabBar = useTabBar();
  const [menuOpen, setMenuOpen] = useState(false);
  // Any navigation closes the drawer (a link in it, the browser's Back, a redirect).
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  const nav = <Sidebar role={user.userType} items={sidebar} onNavigate={() => setMenuOpen(false)} />;
  return (
    <div className={styles.frame}>
      <a href="#content" className={styles.skip}>
        {t('nav.skipToContent')}
      </a>
      {/* On a phone the tab bar's More opens the menu; on a tablet the header's button does. */}
      <Header user={user} menuOpen={menuOpen} onMenu={wide || tabBar ? undefined : () => setMenuOpen(true)} />
      <div className={styles.body}>
        {wide ? (
          // The <nav> inside is the landmark; the drawer is only its frame.
          <InlineDrawer open className={styles.drawer}>
            <DrawerBody>{nav}</DrawerBody>
          </InlineDrawer>
        ) : (
          <OverlayDrawer
            open={menuOpen}
            onOpenChange={(_, { open }) => setMenuOpen(open)}
            aria-label={t('nav.mainNavigation')}
          >
            <DrawerBody>{nav}</DrawerBody>
          </OverlayDrawer>
        )}
        <main className={mergeClasses(styles.main, tabBar && styles.withTabBar)} id="content" tabIndex={-1}>
          <OfflineBanner />
          {children}
        </main>
      </div>
      {tabBar && (
        <TabBar role={user.userType} items={sidebar} onMore={() => setMenuOpen(true)} moreOpen={menuOpen} />
      )}
    </div>
  );
}
