import { CounterBadge, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { Settings24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { UserType } from '@medrelay/contracts';
import type { SidebarItem } from '@medrelay/ui';

const useStyles = makeStyles({
  nav: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalM,
  },
  link: {
    display: 'flex',
    alignItems: 'center',
    minHeight: '44px',
    boxSizing: 'border-box',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
  },
  // One line per item ("User Approvals" wrapped, #3); the sidebar's width is fixed.
  label: {
    flex: '1 1 auto',
    minWidth: '0',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  icon: { display: 'flex', fontSize: '20px' },
});

function SidebarLink({
  item,
  label,
  onNavigate,
}: {
  item: SidebarItem;
  label: string;
  onNavigate: () => void;
}) {
  const styles = useStyles();
  const badge = item.useBadge?.();
  const Icon = item.icon;
  return (
    <NavLink
      to={item.path}
      onClick={onNavigate}
      className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}
    >
      <span className={styles.icon} aria-hidden>
        <Icon />
      </span>
      <span className={styles.label}>{label}</span>
      {badge ? (
        <CounterBadge count={badge} overflowCount={99} size="small" aria-label={String(badge)} />
      ) : null}
    </NavLink>
  );
}

/** The account settings entry every role's sidebar ends with. */
export function settingsItem(role: UserType): SidebarItem {
  return { path: `/${role}/settings`, labelKey: 'common:nav.settings', icon: Settings24Regular };
}

/**
 * The role's sidebar: the items its remote supplies, then Settings for everyone (spec §2).
 * `items` is null while the remote is loading: the links then appear all at once, so Settings
 * never moves down under a finger or pointer that is already on it.
 */
export function Sidebar({
  role,
  items,
  onNavigate,
}: {
  role: UserType;
  items: SidebarItem[] | null;
  onNavigate: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation(role);
  const settings = settingsItem(role);
  return (
    <nav
      className={styles.nav}
      aria-label={t('common:nav.mainNavigation')}
      aria-busy={items === null}
      data-testid="sidebar"
    >
      {items === null ? (
        <Spinner size="tiny" label={t('common:nav.loading')} />
      ) : (
        [...items, settings].map((item) => (
          <SidebarLink key={item.path} item={item} label={t(item.labelKey)} onNavigate={onNavigate} />
        ))
      )}
    </nav>
  );
}
