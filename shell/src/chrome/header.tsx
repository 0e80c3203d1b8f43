import { Avatar, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Navigation24Regular, SignOut24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLogout, usePublicSettings } from '@medrelay/api-client';
import type { User } from '@medrelay/contracts';
import { LanguageSwitcher } from './language-switcher';
import { ExpiryBell } from './expiry-bell';
import { homeOf } from '../session/guard';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBlockEndWidth: tokens.strokeWidthThin,
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
    position: 'sticky',
    insetBlockStart: '0',
    zIndex: 10,
  },
  title: {
    flex: '1 1 auto',
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightBold,
    textDecorationLine: 'none',
  },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  who: { display: 'flex', flexDirection: 'column', '@media (max-width: 600px)': { display: 'none' } },
  type: { color: tokens.colorNeutralForeground3 },
});

/** Product title, language, expiry bell, who is signed in, and logout (spec §2). */
export function Header({ user, onMenu, menuOpen }: { user: User; onMenu?: () => void; menuOpen?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const logout = useLogout();
  const { data: settings } = usePublicSettings();
  return (
    <header className={styles.header}>
      {onMenu && (
        <Button
          appearance="subtle"
          icon={<Navigation24Regular />}
          aria-label={t('header.openMenu')}
          aria-expanded={menuOpen}
          onClick={onMenu}
        />
      )}
      <Link to={homeOf(user)} className={styles.title}>
        {settings?.systemName ?? t('appName')}
      </Link>
      <LanguageSwitcher />
      <ExpiryBell role={user.userType} />
      <div className={styles.user}>
        <Avatar
          name={user.name}
          color="brand"
          size={32}
          aria-label={`${user.name}, ${t(`userType.${user.userType}`)}`}
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
      <Button appearance="subtle" icon={<SignOut24Regular />} onClick={logout}>
        {t('header.logout')}
      </Button>
    </header>
  );
}
