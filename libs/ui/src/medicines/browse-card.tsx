import { useContext, type ReactNode } from 'react';
import { Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Medicine } from '@medrelay/contracts';
import { useShownName } from '@medrelay/i18n';
import { CardHeadingLevel } from '../components/page-header';
import { DaysLeftBadge } from '../components/days-left-badge';
import { usePlaceLabel } from '../location/place-label';
import { CategoryBadges, QuarantineBadge } from './badges';
import { useDosageFormLabel } from './dosage-form';
import { isLinkedItem, useLinkedCard } from './item-card';
import { MedicineImage } from './medicine-image';
import { PriceTag } from './price-tag';

/** One line that ends in an ellipsis rather than wrapping. */
const oneLine = {
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  minWidth: '0',
} as const;

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalM, gap: '0' },
  // Picture beside the three text lines; the badges and the button below, across the card.
  grid: {
    flexGrow: 1,
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gridTemplateRows: 'auto auto auto 1fr',
    gridTemplateAreas: '"media head" "media facts" "media where" "foot foot"',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
  },
  media: { gridArea: 'media', alignSelf: 'start' },
  // The name gives way (ellipsis) to the price, which is never cut.
  head: { gridArea: 'head', display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  // Shrinks to its text, so a short name sits by the picture; `dir="auto"` puts a Latin name's
  // ellipsis at its own end in Arabic too (else its tail would show).
  name: { ...oneLine, flex: '0 1 auto', margin: '0' },
  price: { flexShrink: 0, marginInlineStart: 'auto' },
  line: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: '0',
    margin: '0',
  },
  facts: { gridArea: 'facts' },
  where: { gridArea: 'where', color: tokens.colorNeutralForeground2 },
  keep: { flexShrink: 0, whiteSpace: 'nowrap' },
  clip: oneLine,
  // The owner's name gives way first: the place does not shrink (any share of the shrinking,
  // however small, would cut its last letters), and is cut only when it alone is too long.
  place: { ...oneLine, flexShrink: 0, maxWidth: '100%' },
  owner: oneLine,
  // Badges wrap into the button's height; the button keeps a 44 px touch target.
  foot: {
    gridArea: 'foot',
    alignSelf: 'end',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    marginBlockStart: tokens.spacingVerticalXS,
  },
  badges: {
    flex: '1 1 0',
    minWidth: '0',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  action: {
    flexShrink: 0,
    marginInlineStart: 'auto',
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    '& .fui-Button': { minHeight: '44px', minWidth: '44px' },
  },
});

/**
 * One listing on a browse screen, compact for a phone (at most about 140 px tall at 360–390 px):
 * the photo or its form's icon; the name on one line beside the price or Free; days left, form,
 * units and who offers it (Pharmacy / Donor); how far, the area and the owner; the guardrail
 * badges beside the request button. The description, expiry day, pack code, original price and
 * who may request are in the request dialog.
 */
export function BrowseCard({
  medicine,
  actions,
  focused = false,
}: {
  medicine: Medicine;
  /** The screen's request button. */
  actions?: ReactNode;
  /** Marked and scrolled into view (the listing opened from the map). */
  focused?: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const typeLabel = useDosageFormLabel();
  const level = useContext(CardHeadingLevel);
  const { className, ...link } = useLinkedCard(focused || isLinkedItem('medicine', medicine.id));
  const shownName = useShownName();
  const ownerName = medicine.pharmacy?.user.name ?? medicine.donor?.name;
  const owner = ownerName && shownName(ownerName);
  const place = usePlaceLabel().distanceAndPlace(medicine.distanceKm, medicine.pickupPlace);
  return (
    <Card
      {...link}
      className={mergeClasses(styles.card, className)}
      data-testid="medicine-row"
      aria-label={medicine.name}
    >
      <div className={styles.grid}>
        <div className={styles.media}>
          <MedicineImage medicine={medicine} size="small" />
        </div>
        <div className={styles.head}>
          <Text
            as={level === 2 ? 'h2' : 'h3'}
            weight="semibold"
            size={400}
            dir="auto"
            className={styles.name}
            title={medicine.name}
          >
            {medicine.name}
          </Text>
          <span className={styles.price}>
            <PriceTag medicine={medicine} withOriginal={false} />
          </span>
        </div>
        <Text as="p" className={mergeClasses(styles.line, styles.facts)}>
          <span className={styles.keep}>
            <DaysLeftBadge expiryDate={medicine.expiryDate} />
          </span>
          <span className={styles.clip} data-testid="medicine-facts">
            {/* Names typed by users keep their own direction beside the Arabic words and numbers. */}
            <bdi>{typeLabel(medicine.type)}</bdi> · {t('medicine.units', { count: medicine.quantity })} ·{' '}
            <span>{t(`source.${medicine.source}`)}</span>
          </span>
        </Text>
        {(place || owner) && (
          <Text as="p" size={200} className={mergeClasses(styles.line, styles.where)}>
            {place && (
              // "3.5 km · Dokki, Giza": how far and where, never the owner's pin before approval.
              <Text
                size={200}
                weight="semibold"
                className={styles.place}
                data-testid="medicine-place"
                title={place}
              >
                {place}
              </Text>
            )}
            {place && owner && <span className={styles.keep}>·</span>}
            {owner && (
              <bdi className={styles.owner} title={owner}>
                {owner}
              </bdi>
            )}
          </Text>
        )}
        <div className={styles.foot}>
          <div className={styles.badges}>
            <QuarantineBadge medicine={medicine} />
            <CategoryBadges categories={medicine.categories} short />
          </div>
          {actions && <div className={styles.action}>{actions}</div>}
        </div>
      </div>
    </Card>
  );
}
