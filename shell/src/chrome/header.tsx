import { Avatar, Button, makeStyles, Text, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { Navigation24Regular, SignOut24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLogout, usePublicSettings } from '@medrelay/api-client';
import type { User } from '@medrelay/contracts';
import { LanguageSwitcher } from './language-switcher';
import { NotificationBell } from './notification-centre';
import { initialsOf } from './initials';
import { useHeaderStyles } from './header-styles';
import { homeOf } from '../session/guard';

const useStyles = makeStyles({
  title: {
    // The only part that gives way: a long system name ends in "…" instead of pushing Logout off.
    flex: '1 1 auto',
    minWidth: '0',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightBold,
    textDecorationLine: 'none',
    '@media (max-width: 600px)': { fontSize: tokens.fontSizeBase400 },
  },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexShrink: 0 },
  who: { display: 'flex', flexDirection: 'column', '@media (max-width: 600px)': { display: 'none' } },
  type: { color: tokens.colorNeutralForeground3 },
});

/** Product title, language, the notification bell (with the expiry section), who is signed in, and logout (spec §2). */
export function Header({ user, onMenu, menuOpen }: { user: User; onMenu?: () => void; menuOpen?: boolean }) {
  const styles = useStyles();
  const header = useHeaderStyles();
  const { t } = useTranslation('common');
  const logout = useLogout();
  const { data: settings } = usePublicSettings();
  // The menu opens without a DialogTrigger: this gives focus back to its button when it closes.
  const restoreFocus = useRestoreFocusTarget();
  return (
    <header className={header.bar}>
      {onMenu && (
        <Button
          appearance="subtle"
          className={header.control}
          icon={<Navigation24Regular />}
          aria-label={t('header.openMenu')}
          aria-expanded={menuOpen}
          onClick={onMenu}
          {...restoreFocus}
        />
      )}
      <Link to={homeOf(user)} className={styles.title}>
        {settings?.systemName ?? t('appName')}
      </Link>
      <LanguageSwitcher />
      <NotificationBell role={user.userType} />
      <div className={styles.user}>
        <Avatar
          name={user.name}
          initials={initialsOf(user.name)}
          color="brand"
          size={32}
          aria-label={`${user.name}, ${t(`userType.${user.userType}`)}`}
          data-testid="user-avatar"
        />
        <div className={styles.who}>
          <Text weight="semibold" data-testid="user-name">
            {user.name}
          </Text>
          <Text size={200} className={styles.type} data-testid="user-type">
            {t(`userType.${user.userType}`)}
          </Text>
        </div>
      </div>
      <Button appearance="subtle" className={header.control} icon={<SignOut24Regular />} onClick={logout}>
        {/* On a phone only the icon shows; the word stays the button's name. */}
        <span className={header.phoneHidden}>{t('header.logout')}</span>
      </Button>
    </header>
  );
}
