import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Medicine } from '@medrelay/contracts';
import { useFormat } from '@medrelay/i18n';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  price: { color: tokens.colorBrandForeground1 },
  was: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
});

/**
 * The discount price, or Free when there is none (spec §9), with the original price struck
 * through unless `withOriginal` is false (a browse card: its request dialog shows it).
 */
export function PriceTag({
  medicine,
  withOriginal = true,
}: {
  medicine: Pick<Medicine, 'originalPrice' | 'discountPrice'>;
  withOriginal?: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const format = useFormat();
  const { originalPrice, discountPrice } = medicine;
  return (
    <span className={styles.root}>
      <Text weight="semibold" className={styles.price} data-testid="price">
        {discountPrice === null ? t('medicine.free') : format.money(Number(discountPrice))}
      </Text>
      {withOriginal && originalPrice !== null && originalPrice !== discountPrice && (
        <Text size={200} className={styles.was}>
          <del aria-label={t('medicine.originalPriceWas', { price: format.money(Number(originalPrice)) })}>
            {format.money(Number(originalPrice))}
          </del>
        </Text>
      )}
    </span>
  );
}
