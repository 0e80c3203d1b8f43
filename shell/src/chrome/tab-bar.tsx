import { useEffect, useState } from 'react';
import {
  CounterBadge,
  makeStyles,
  mergeClasses,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { MoreHorizontal24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { UserType } from '@medrelay/contracts';
import type { SidebarItem } from '@medrelay/ui';

/** Below this width a phone gets the tab bar at the bottom instead of the menu in the header. */
export const tabBarQuery = '(max-width: 639px)';
/** The bar's height above the phone's home indicator; the page keeps this much room below. */
export const tabBarHeight = '60px';
/** Destinations shown as tabs: the remote's first ones; the rest (and Settings) under More. */
const tabCount = 4;

export function useTabBar() {
  const [shown, setShown] = useState(() => window.matchMedia(tabBarQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(tabBarQuery);
    const update = () => setShown(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return shown;
}

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    insetInline: 0,
    insetBlockEnd: 0,
    zIndex: 10,
    display: 'grid',
    gridAutoFlow: 'column',
    gridAutoColumns: 'minmax(0, 1fr)',
    minHeight: tabBarHeight,
    paddingBlockEnd: 'env(safe-area-inset-bottom)',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBlockStartWidth: tokens.strokeWidthThin,
    borderBlockStartStyle: 'solid',
    borderBlockStartColor: tokens.colorNeutralStroke2,
    boxShadow: tokens.shadow4,
  },
  tab: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    minHeight: '44px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXXS}`,
    border: 'none',
    background: 'none',
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
    cursor: 'pointer',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  active: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    // The active tab is marked by more than its colour: a bar above it.
    '::before': {
      content: '""',
      position: 'absolute',
      insetBlockStart: 0,
      insetInline: '25%',
      height: '3px',
      borderRadius: tokens.borderRadiusSmall,
      backgroundColor: tokens.colorBrandForeground1,
    },
  },
  icon: { position: 'relative', display: 'flex', fontSize: '24px' },
  badge: { position: 'absolute', insetBlockStart: '-6px', insetInlineStart: '14px' },
  // Read by screen readers, not shown.
  unseen: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  // Two short lines at most, never cut: Arabic labels are long.
  label: {
    maxWidth: '100%',
    textAlign: 'center',
    overflowWrap: 'anywhere',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
});

function TabLink({ item, label }: { item: SidebarItem; label: string }) {
  const styles = useStyles();
  const badge = item.useBadge?.();
  const Icon = item.icon;
  return (
    <NavLink to={item.path} className={({ isActive }) => mergeClasses(styles.tab, isActive && styles.active)}>
      <span className={styles.icon} aria-hidden>
        <Icon />
        {badge ? (
          <CounterBadge className={styles.badge} count={badge} overflowCount={99} size="small" />
        ) : null}
      </span>
      <span className={styles.label}>
        {label}
        {/* The count is read with the label, not as a lone number (the badge is hidden). */}
        {badge ? <span className={styles.unseen}> ({badge})</span> : null}
      </span>
    </NavLink>
  );
}

/**
 * A phone's navigation: the role's first destinations as tabs at the bottom, within
 * the thumb's reach, the active one marked and counts on them; More opens the full menu
 * (the rest of the destinations and Settings).
 */
export function TabBar({
  role,
  items,
  onMore,
  moreOpen,
}: {
  role: UserType;
  items: SidebarItem[] | null;
  onMore: () => void;
  moreOpen: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation(role);
  // The menu opens without a DialogTrigger: this gives focus back to More when it closes.
  const restoreFocus = useRestoreFocusTarget();
  // Whatever is scrolled into view (a listing opened from the map, a focused field) stops above
  // the bar instead of under it.
  useEffect(() => {
    const root = document.documentElement.style;
    root.scrollPaddingBlockEnd = `calc(${tabBarHeight} + env(safe-area-inset-bottom))`;
    return () => {
      root.scrollPaddingBlockEnd = '';
    };
  }, []);
  if (!items) return null;
  return (
    <nav className={styles.bar} aria-label={t('common:nav.tabs')} data-testid="tab-bar">
      {items.slice(0, tabCount).map((item) => (
        <TabLink key={item.path} item={item} label={t(item.labelKey)} />
      ))}
      <button
        type="button"
        className={styles.tab}
        onClick={onMore}
        aria-expanded={moreOpen}
        {...restoreFocus}
      >
        <span className={styles.icon} aria-hidden>
          <MoreHorizontal24Regular />
        </span>
        <span className={styles.label}>{t('common:nav.more')}</span>
      </button>
    </nav>
  );
}
