import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Medicine } from '@medrelay/contracts';
import { useFormat } from '@medrelay/i18n';
import { DaysLeftBadge } from '../components/days-left-badge';
import { AvailabilityBadge, CategoryBadges, QuarantineBadge, RecipientBadges } from './badges';
import { useDosageFormLabel } from './dosage-form';
import { isLinkedItem, ItemCard, useItemTextStyles } from './item-card';
import { MedicineImage } from './medicine-image';
import { PriceTag } from './price-tag';

interface MedicineRowProps {
  medicine: Medicine;
  /** Buttons for this medicine (request, edit, unlist). */
  actions?: ReactNode;
  /** Owners see Available / All promised / Unavailable. */
  showAvailability?: boolean;
}

/**
 * One medicine as its owner's lists show it (spec §2): photo, name, type, quantity (and the units
 * promised to approved requests, when there are any), description,
 * expiry with its days-left badge, price or Free, recipient badges. Browse screens show the
 * compact BrowseCard.
 */
export function MedicineRow({ medicine, actions, showAvailability = false }: MedicineRowProps) {
  const styles = useItemTextStyles();
  const { t } = useTranslation('common');
  const format = useFormat();
  const typeLabel = useDosageFormLabel();
  return (
    <ItemCard
      linked={isLinkedItem('medicine', medicine.id)}
      testId="medicine-row"
      title={medicine.name}
      media={<MedicineImage medicine={medicine} />}
      badges={
        <>
          {showAvailability && <AvailabilityBadge medicine={medicine} />}
          <QuarantineBadge medicine={medicine} />
          <CategoryBadges categories={medicine.categories} />
        </>
      }
      actions={actions}
    >
      <Text className={styles.muted}>
        {/* Names typed by users keep their own direction beside the Arabic words and numbers. */}
        <bdi>{typeLabel(medicine.type)}</bdi> · {t('medicine.units', { count: medicine.quantity })}
        {/* Units approved requests took (on the shelf until collected): said, so no one offers them again. */}
        {medicine.reservedQuantity > 0 && (
          <>
            {' · '}
            <span data-testid="promised-units">
              {t('medicine.promised', { count: medicine.reservedQuantity })}
            </span>
          </>
        )}
      </Text>
      {medicine.description && (
        // Two lines at most in a list: the rest is the owner's prose, not what one scans for.
        <Text className={mergeClasses(styles.prose, styles.clamped)} title={medicine.description}>
          {medicine.description}
        </Text>
      )}
      {medicine.quarantineReason && (
        <Text size={200} weight="semibold" data-testid="quarantine-reason">
          {t('medicine.quarantineReason', { reason: medicine.quarantineReason })}
        </Text>
      )}
      <PackCodeLine medicine={medicine} />
      <div className={styles.line}>
        <Text size={200}>{t('medicine.expires', { date: format.date(medicine.expiryDate) })}</Text>
        <DaysLeftBadge expiryDate={medicine.expiryDate} />
        <RecipientBadges recipientType={medicine.recipientType} />
        {/* On the expiry line: one line less per card. */}
        <PriceTag medicine={medicine} />
      </div>
    </ItemCard>
  );
}

/** The pack's code (GTIN, batch, serial) when it has one: what a recall or a pickup checks against the box. */
export function PackCodeLine({ medicine }: { medicine: Pick<Medicine, 'gtin' | 'batch' | 'serial'> }) {
  const styles = useItemTextStyles();
  const { t } = useTranslation('common');
  const parts = [
    medicine.gtin && t('medicine.packCodeGtin', { gtin: medicine.gtin }),
    medicine.batch && t('medicine.packCodeBatch', { batch: medicine.batch }),
    medicine.serial && t('medicine.packCodeSerial', { serial: medicine.serial }),
  ].filter(Boolean);
  if (!parts.length) return null;
  return (
    <Text size={200} className={styles.muted} data-testid="pack-code">
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 && ' · '}
          {/* Latin codes keep their own direction inside Arabic text. */}
          <bdi>{part}</bdi>
        </span>
      ))}
    </Text>
  );
}

const useListStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Browse cards side by side where there is room (one on a phone, two at 1280 px, three on wider
  // screens), so the button stays near its text; the cards of a row share its height. Below
  // 330 px a card cuts its facts line in Arabic (form, units, source).
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 330px), 1fr))',
  },
});

/** A vertical list of rows or cards with the same spacing on every screen; `grid`: columns where they fit. */
export function StackList({
  children,
  label,
  grid = false,
}: {
  children: ReactNode;
  label?: string;
  grid?: boolean;
}) {
  const styles = useListStyles();
  return (
    <section className={mergeClasses(styles.list, grid && styles.grid)} aria-label={label}>
      {children}
    </section>
  );
}
