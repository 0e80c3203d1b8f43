import { useEffect, useState } from 'react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Dismiss24Regular, Navigation24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LanguageSwitcher } from '../chrome/language-switcher';

const narrow = '@media (max-width: 900px)';

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    insetBlockStart: '0',
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    [narrow]: { gap: tokens.spacingHorizontalS, paddingInline: tokens.spacingHorizontalM },
  },
  brand: {
    flex: '1 1 auto',
    fontSize: tokens.fontSizeBase600,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
  },
  nav: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    // On a phone the sections are a list under the header, opened by the menu button.
    [narrow]: { display: 'none', order: 1, flexBasis: '100%', flexDirection: 'column', gap: '0' },
  },
  open: { [narrow]: { display: 'flex' } },
  anchor: {
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1 },
    [narrow]: { display: 'flex', alignItems: 'center', minHeight: '44px' },
  },
  login: { [narrow]: { minHeight: '44px' } },
  menu: { display: 'none', minWidth: '44px', minHeight: '44px', [narrow]: { display: 'inline-flex' } },
});

const sections = [
  ['home', 'home'],
  ['about', 'about'],
  ['how-it-works', 'howItWorks'],
  ['impact', 'impact'],
  ['get-started', 'getStarted'],
] as const;

/** `signedIn`: a registrant waiting for approval, whose notice offers Log out instead of Login. */
export function LandingHeader({ signedIn = false }: { signedIn?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // A disclosure: Escape closes it, as following one of its links does.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand}>
        {t('common:appName')}
      </Link>
      <Button
        appearance="subtle"
        className={styles.menu}
        icon={open ? <Dismiss24Regular /> : <Navigation24Regular />}
        aria-label={t('landing.nav.sections')}
        aria-expanded={open}
        aria-controls="landing-sections"
        onClick={() => setOpen(!open)}
      />
      <nav
        id="landing-sections"
        className={mergeClasses(styles.nav, open && styles.open)}
        aria-label={t('common:nav.mainNavigation')}
      >
        {sections.map(([anchor, key]) => (
          <a key={anchor} href={`#${anchor}`} className={styles.anchor} onClick={() => setOpen(false)}>
            {t(`landing.nav.${key}`)}
          </a>
        ))}
      </nav>
      <LanguageSwitcher />
      {!signedIn && (
        <Button appearance="primary" className={styles.login} onClick={() => navigate('/login')}>
          {t('landing.login')}
        </Button>
      )}
    </header>
  );
}
