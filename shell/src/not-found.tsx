import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from './chrome/use-page-title';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    textAlign: 'center',
  },
  code: {
    fontSize: tokens.fontSizeHero1000,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground1,
  },
  hint: { color: tokens.colorNeutralForeground3, fontFamily: tokens.fontFamilyMonospace },
});

/** Any unknown path (spec §2). */
export function NotFoundPage() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  usePageTitle(t('common:notFound.title'));
  return (
    <main className={styles.page}>
      <Text className={styles.code} aria-hidden>
        404
      </Text>
      <Text as="h1" size={800} weight="semibold">
        {t('common:notFound.title')}
      </Text>
      <Text className={styles.hint}>{t('common:notFound.hint')}</Text>
      <Button appearance="primary" onClick={() => navigate('/')}>
        {t('notFound.home')}
      </Button>
    </main>
  );
}
