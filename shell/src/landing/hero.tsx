import { lazy, Suspense } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowRight24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { User } from '@medrelay/contracts';

// Only a signed-in pending user sees it: visitors do not download Fluent's MessageBar.
const PendingNotice = lazy(() => import('./pending-notice'));

const useStyles = makeStyles({
  hero: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalL,
    paddingBlock: '96px',
    paddingInline: tokens.spacingHorizontalXXXL,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
    scrollMarginBlockStart: '72px',
  },
  eyebrow: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  title: {
    maxWidth: '760px',
    fontSize: tokens.fontSizeHero900,
    lineHeight: tokens.lineHeightHero900,
    fontWeight: tokens.fontWeightBold,
  },
  body: {
    maxWidth: '640px',
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    color: tokens.colorNeutralForeground2,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  forward: { ':dir(rtl)': { transform: 'scaleX(-1)' } },
});

export function Hero({ pendingUser }: { pendingUser: User | null }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <section id="home" className={styles.hero}>
      {pendingUser && (
        <Suspense fallback={null}>
          <PendingNotice />
        </Suspense>
      )}
      <Text className={styles.eyebrow}>{t('landing.hero.eyebrow')}</Text>
      <Text as="h1" className={styles.title}>
        {t('landing.hero.title')}
      </Text>
      <Text as="p" className={styles.body}>
        {t('landing.hero.body')}
      </Text>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          size="large"
          icon={<ArrowRight24Regular className={styles.forward} />}
          iconPosition="after"
          onClick={() => navigate('/register')}
        >
          {t('landing.hero.cta')}
        </Button>
        <Button size="large" as="a" href="#about">
          {t('landing.hero.learnMore')}
        </Button>
      </div>
    </section>
  );
}
