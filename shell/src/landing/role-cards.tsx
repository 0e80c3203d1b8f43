import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  BuildingShop24Regular,
  Checkmark16Regular,
  HandOpenHeart32Regular,
  PeopleCommunity24Regular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { selfRegisteringUserTypes } from '@medrelay/contracts';
import { PlainCard, PlainCardFooter, PlainCardHeader } from './plain-card';
import { Section, useGridStyles } from './section';

const useStyles = makeStyles({
  card: { height: '100%' },
  icon: { color: tokens.colorBrandForeground1, fontSize: '32px', display: 'flex' },
  features: {
    margin: '0',
    paddingInlineStart: '0',
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  feature: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  check: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0, marginBlockStart: '2px' },
});

const icons = {
  pharmacy: BuildingShop24Regular,
  ngo: PeopleCommunity24Regular,
  donor: HandOpenHeart32Regular,
};

/** #get-started: one card per self-registering audience, each opening the registration form preset. */
export function RoleCards() {
  const styles = useStyles();
  const grid = useGridStyles();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Section id="get-started" title={t('landing.roles.title')} subtitle={t('landing.roles.subtitle')}>
      <div className={grid.grid}>
        {selfRegisteringUserTypes.map((role) => {
          const Icon = icons[role];
          const features = t(`landing.roles.${role}.features`, { returnObjects: true }) as string[];
          return (
            <PlainCard key={role} className={styles.card} data-testid={`role-card-${role}`}>
              <PlainCardHeader
                image={
                  <span className={styles.icon}>
                    <Icon />
                  </span>
                }
                header={
                  <Text as="h3" size={500} weight="semibold">
                    {t(`landing.roles.${role}.title`)}
                  </Text>
                }
              />
              <ul className={styles.features}>
                {features.map((feature) => (
                  <li key={feature} className={styles.feature}>
                    <Checkmark16Regular className={styles.check} aria-hidden />
                    <Text>{feature}</Text>
                  </li>
                ))}
              </ul>
              <PlainCardFooter>
                <Button appearance="primary" onClick={() => navigate(`/register?type=${role}`)}>
                  {t(`landing.roles.${role}.cta`)}
                </Button>
              </PlainCardFooter>
            </PlainCard>
          );
        })}
      </div>
    </Section>
  );
}
