import { Link as FluentLink, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Call24Regular, Location24Regular, Mail24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Section, useGridStyles } from './section';

const useStyles = makeStyles({
  item: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  icon: { color: tokens.colorBrandForeground1, display: 'flex' },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalXXL,
    paddingInline: tokens.spacingHorizontalXXXL,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    color: tokens.colorNeutralForegroundInverted,
  },
  ltr: { direction: 'ltr', unicodeBidi: 'isolate' },
});

/** The contact block (phone, support e-mail, Cairo) and the footer. */
export function ContactAndFooter() {
  const styles = useStyles();
  const grid = useGridStyles();
  const { t } = useTranslation('shell');
  const phone = t('landing.contact.phone');
  const email = t('landing.contact.email');
  return (
    <>
      <Section id="contact" title={t('landing.contact.title')} tinted>
        <address className={grid.grid} style={{ fontStyle: 'normal' }}>
          <div className={styles.item}>
            <span className={styles.icon}>
              <Call24Regular />
            </span>
            <div>
              <Text weight="semibold" block>
                {t('landing.contact.phoneLabel')}
              </Text>
              <FluentLink href={`tel:${phone.replace(/\s/g, '')}`} className={styles.ltr}>
                {phone}
              </FluentLink>
            </div>
          </div>
          <div className={styles.item}>
            <span className={styles.icon}>
              <Mail24Regular />
            </span>
            <div>
              <Text weight="semibold" block>
                {t('landing.contact.emailLabel')}
              </Text>
              <FluentLink href={`mailto:${email}`}>{email}</FluentLink>
            </div>
          </div>
          <div className={styles.item}>
            <span className={styles.icon}>
              <Location24Regular />
            </span>
            <div>
              <Text weight="semibold" block>
                {t('landing.contact.locationLabel')}
              </Text>
              <Text>{t('landing.contact.location')}</Text>
            </div>
          </div>
        </address>
      </Section>
      <footer className={styles.footer}>
        <Text>{t('landing.footer.about')}</Text>
        <Text>{t('landing.footer.rights', { year: new Date().getFullYear() })}</Text>
      </footer>
    </>
  );
}
