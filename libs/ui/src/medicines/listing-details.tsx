import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Medicine } from '@medrelay/contracts';
import { useFormat } from '@medrelay/i18n';
import { usePlaceLabel } from '../location/place-label';
import { useDosageFormLabel } from './dosage-form';
import { PackCodeLine } from './medicine-row';
import { PriceTag } from './price-tag';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    overflowWrap: 'anywhere',
  },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground2 },
});

/**
 * What a compact browse card leaves out, shown in its request dialog: the whole name, form and
 * units, expiry day, price with the original, who offers it and where, who may request, the
 * categories in full, the owner's description and the pack code.
 */
export function ListingDetails({ medicine }: { medicine: Medicine }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const format = useFormat();
  const typeLabel = useDosageFormLabel();
  const owner = medicine.pharmacy?.user.name ?? medicine.donor?.name;
  const place = usePlaceLabel().distanceAndPlace(medicine.distanceKm, medicine.pickupPlace);
  const by = [t(`source.${medicine.source}`), owner && t('medicine.offeredBy', { name: owner }), place]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className={styles.root} data-testid="listing-details">
      <Text weight="semibold" dir="auto">
        {medicine.name}
      </Text>
      <div className={styles.line}>
        <Text>
          <bdi>{typeLabel(medicine.type)}</bdi> · {t('medicine.units', { count: medicine.quantity })} ·{' '}
          {t('medicine.expires', { date: format.date(medicine.expiryDate) })}
        </Text>
        <PriceTag medicine={medicine} />
      </div>
      <Text size={200} className={styles.muted}>
        {by}
      </Text>
      <Text size={200} className={styles.muted}>
        {t('medicine.whoMayRequest', { recipients: t(`recipients.${medicine.recipientType}`) })}
      </Text>
      {medicine.categories.length > 0 && (
        <Text size={200} weight="semibold">
          {medicine.categories.map((c) => t(`category.${c}`)).join(t('category.separator'))}
        </Text>
      )}
      {medicine.description && (
        <Text size={200} dir="auto">
          {medicine.description}
        </Text>
      )}
      <PackCodeLine medicine={medicine} />
    </div>
  );
}
