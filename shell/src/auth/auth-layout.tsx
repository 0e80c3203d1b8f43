import type { FormEventHandler, ReactNode } from 'react';
import { Card, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { limits } from '@medrelay/contracts';
import { RouterLink } from '@medrelay/ui';
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
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    marginBlockStart: tokens.spacingVerticalL,
  },
});

/**
 * The frame of the sign-in and registration screens: their form (the browser's own checks off:
 * the schema's messages show instead) and, under it, a sentence with a link to the other screen.
 */
export function AuthLayout(props: {
  title: string;
  subtitle: string;
  footer: { text: string; to: string; link: string };
  onSubmit: FormEventHandler<HTMLFormElement>;
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
        {/* None on a page whose text says it all (an empty line left a gap under the title). */}
        {props.subtitle && (
          <Text as="p" className={styles.subtitle} block>
            {props.subtitle}
          </Text>
        )}
        <form className={styles.form} onSubmit={props.onSubmit} noValidate>
          {props.children}
        </form>
        <div className={styles.footer}>
          {props.footer.text} <RouterLink to={props.footer.to}>{props.footer.link}</RouterLink>
        </div>
      </Card>
    </main>
  );
}

/** The e-mail box of both screens: typed left to right, as long as the contract allows. */
export function EmailField({
  label,
  validationMessage,
  registration,
}: {
  label: string;
  validationMessage: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} validationMessage={validationMessage} required>
      <Input type="email" dir="ltr" autoComplete="email" maxLength={limits.emailMax} {...registration} />
    </Field>
  );
}
