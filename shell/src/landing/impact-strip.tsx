import { useEffect, useState } from 'react';
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routeKey } from '@medrelay/api-client';
import type { PublicImpact } from '@medrelay/contracts';
import { gatewayEndpoints } from '@medrelay/contracts/endpoints';
import { useFormat } from '@medrelay/i18n';
import { PlainCard } from './plain-card';
import { Section, useGridStyles } from './section';

/** Spec §9: the highlight moves to the next card every 3000 ms. */
export const impactRotationMs = 3000;

const useStyles = makeStyles({
  card: {
    textAlign: 'center',
    paddingBlock: tokens.spacingVerticalXXL,
    transitionProperty: 'transform, box-shadow, background-color',
    transitionDuration: tokens.durationNormal,
    '@media (prefers-reduced-motion: reduce)': { transitionProperty: 'none' },
  },
  highlighted: {
    transform: 'scale(1.04)',
    '@media (prefers-reduced-motion: reduce)': { transform: 'none' },
    boxShadow: tokens.shadow16,
    backgroundColor: tokens.colorBrandBackground2,
  },
  value: {
    fontSize: tokens.fontSizeHero800,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground1,
  },
  note: { marginBlockStart: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
});

const cards = ['medicinesSaved', 'patientsServed', 'activePartners', 'wasteReduced'] as const;

/** #impact: four live figures from the platform, one highlighted at a time. */
export function ImpactStrip() {
  const styles = useStyles();
  const grid = useGridStyles();
  const { t } = useTranslation('shell');
  const format = useFormat();
  const [highlighted, setHighlighted] = useState(0);
  const impact = useQuery<PublicImpact>({ queryKey: routeKey(gatewayEndpoints.publicImpact) });

  useEffect(() => {
    const timer = setInterval(() => setHighlighted((i) => (i + 1) % cards.length), impactRotationMs);
    return () => clearInterval(timer);
  }, []);

  const value = (card: (typeof cards)[number]) => {
    if (!impact.data) return '—';
    if (card === 'wasteReduced') {
      const percent = impact.data.wasteReducedPercent;
      // Too few units for a meaningful ratio: the spec's claim, worded as one.
      return percent === null ? t('landing.impact.wasteClaim') : format.percent(percent);
    }
    return format.number(impact.data[card]);
  };

  return (
    <Section id="impact" title={t('landing.impact.title')} subtitle={t('landing.impact.subtitle')}>
      <div className={grid.grid}>
        {cards.map((card, index) => (
          <PlainCard
            key={card}
            className={mergeClasses(styles.card, index === highlighted && styles.highlighted)}
            data-testid="impact-card"
            data-highlighted={index === highlighted}
          >
            <Text className={styles.value}>{value(card)}</Text>
            <Text weight="semibold">
              {card === 'wasteReduced' && impact.data?.wasteReducedPercent === null
                ? t('landing.impact.wasteClaimLabel')
                : t(`landing.impact.${card}`)}
            </Text>
          </PlainCard>
        ))}
      </div>
      {impact.isError && (
        <Text as="p" className={styles.note} block>
          {t('landing.impact.unavailable')}
        </Text>
      )}
    </Section>
  );
}
