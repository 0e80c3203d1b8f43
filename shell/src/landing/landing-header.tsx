import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LanguageSwitcher } from '../chrome/language-switcher';

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
    '@media (max-width: 900px)': { display: 'none' },
  },
  anchor: {
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
});

const sections = [
  ['home', 'home'],
  ['about', 'about'],
  ['how-it-works', 'howItWorks'],
  ['impact', 'impact'],
  ['get-started', 'getStarted'],
] as const;

export function LandingHeader() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand}>
        {t('common:appName')}
      </Link>
      <nav className={styles.nav} aria-label={t('common:nav.mainNavigation')}>
        {sections.map(([anchor, key]) => (
          <a key={anchor} href={`#${anchor}`} className={styles.anchor}>
            {t(`landing.nav.${key}`)}
          </a>
        ))}
      </nav>
      <LanguageSwitcher />
      <Button appearance="primary" onClick={() => navigate('/login')}>
        {t('landing.login')}
      </Button>
    </header>
  );
}
