import type { ReactNode } from 'react';
import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitcher } from '../chrome/language-switcher';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    padding: tokens.spacingHorizontalL,
  },
  top: {
    width: '100%',
    maxWidth: '560px',
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    paddingBlock: tokens.spacingVerticalL,
  },
  brand: {
    fontSize: tokens.fontSizeBase600,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
  },
  card: { width: '100%', maxWidth: '560px', padding: tokens.spacingHorizontalXXL, boxSizing: 'border-box' },
  subtitle: { color: tokens.colorNeutralForeground3 },
  footer: { marginBlockStart: tokens.spacingVerticalL, textAlign: 'center' },
});

/** The frame of the sign-in and registration screens. */
export function AuthLayout(props: {
  title: string;
  subtitle: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <main className={styles.page}>
      <div className={styles.top}>
        <Link to="/" className={styles.brand}>
          {t('appName')}
        </Link>
        <LanguageSwitcher />
      </div>
      <Card className={styles.card}>
        <Text as="h1" size={700} weight="semibold" block>
          {props.title}
        </Text>
        <Text as="p" className={styles.subtitle} block>
          {props.subtitle}
        </Text>
        {props.children}
        <div className={styles.footer}>{props.footer}</div>
      </Card>
    </main>
  );
}

export const useFormStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    marginBlockStart: tokens.spacingVerticalL,
  },
});
