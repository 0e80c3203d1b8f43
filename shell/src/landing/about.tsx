import { makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  ArrowTrending24Regular,
  Clock24Regular,
  DataPie24Regular,
  ShieldCheckmark24Regular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@medrelay/i18n';
import { PlainCard, PlainCardHeader } from './plain-card';
import { Section, useGridStyles } from './section';

const useStyles = makeStyles({
  lead: {
    maxWidth: '760px',
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    marginBlockEnd: tokens.spacingVerticalXXL,
  },
  icon: { color: tokens.colorBrandForeground1, fontSize: '28px', display: 'flex' },
  step: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '36px',
    height: '36px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightBold,
  },
});

const claims = [
  ['waste', ArrowTrending24Regular],
  ['tracking', Clock24Regular],
  ['verified', ShieldCheckmark24Regular],
  ['analytics', DataPie24Regular],
] as const;

/** #about: the mission and the four claims of spec §1. */
export function About() {
  const styles = useStyles();
  const grid = useGridStyles();
  const { t } = useTranslation('shell');
  return (
    <Section id="about" title={t('landing.about.title')}>
      <Text as="p" className={styles.lead} block>
        {t('landing.about.body')}
      </Text>
      <div className={grid.grid}>
        {claims.map(([key, Icon]) => (
          <PlainCard key={key}>
            <PlainCardHeader
              image={
                <span className={styles.icon}>
                  <Icon />
                </span>
              }
              header={<Text weight="semibold">{t(`landing.about.claims.${key}.title`)}</Text>}
              description={<Text>{t(`landing.about.claims.${key}.body`)}</Text>}
            />
          </PlainCard>
        ))}
      </div>
    </Section>
  );
}

const steps = ['list', 'browse', 'request', 'collect'] as const;

/** #how-it-works: the four steps from listing to collection. */
export function HowItWorks() {
  const styles = useStyles();
  const grid = useGridStyles();
  const { t } = useTranslation('shell');
  const format = useFormat();
  return (
    <Section id="how-it-works" title={t('landing.how.title')} tinted>
      <ol className={grid.grid} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {steps.map((key, index) => (
          <li key={key}>
            <PlainCard>
              <PlainCardHeader
                image={
                  <span className={styles.step} aria-hidden>
                    {format.number(index + 1)}
                  </span>
                }
                header={<Text weight="semibold">{t(`landing.how.steps.${key}.title`)}</Text>}
                description={<Text>{t(`landing.how.steps.${key}.body`)}</Text>}
              />
            </PlainCard>
          </li>
        ))}
      </ol>
    </Section>
  );
}
