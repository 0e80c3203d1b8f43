import { Badge, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNeedMatches } from '@medrelay/api-client';
import type { NeedMatch } from '@medrelay/contracts';
import { matchRequestQuantity } from '@medrelay/domain/matching';
import { countsTowardNeed } from '@medrelay/domain/needs';
import { useFormat } from '@medrelay/i18n';
import { DaysLeftBadge } from '../components/days-left-badge';
import { usePlaceLabel } from '../location/place-label';
import { useDosageFormLabel } from '../medicines/dosage-form';
import { RequestMedicineButton } from '../medicines/request-button';
import type { RequestDialogProps } from '../medicines/request-dialog';

/** What a match's one tap files: the role's request wording (Request Pickup, Request Transfer). */
export type MatchRequest = Pick<RequestDialogProps, 'label' | 'notesKind' | 'successTitle'>;

/** Matches shown under each need; the rest are counted. */
export const matchesShown = 3;

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: '0',
    padding: '0',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  card: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  text: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: '0',
    flex: '1 1 200px',
  },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  price: { color: tokens.colorBrandForeground1 },
  // The request's state or the button: under the text on a phone, beside it when there is room.
  action: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
    minWidth: '0',
    maxWidth: '100%',
  },
  requested: { color: tokens.colorPaletteGreenForeground1, overflowWrap: 'anywhere' },
});

/** What one tap requests, or how far the caller's request on this listing has gone. */
function MatchAction({ match, request }: { match: NeedMatch; request: MatchRequest }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const { medicine, need } = match;
  const mine = match.request;
  if (mine && countsTowardNeed(mine))
    return (
      <div className={styles.action} data-testid="match-request">
        <Text weight="semibold" className={styles.requested}>
          {t(`needs.matches.requested.${mine.status}`)}
        </Text>
        <Text size={200} className={styles.muted}>
          {t('needs.matches.requestedUnits', { count: mine.quantity })}
        </Text>
      </div>
    );
  return (
    <div className={styles.action}>
      {/*
        A cancelled or rejected request, a pickup called off after its approval, or a collection
        the owner disputed, does not count toward the need: the listing may be asked for again.
      */}
      {mine && (
        <Text size={200} className={styles.muted}>
          {t(
            mine.calledOff
              ? 'needs.matches.lastCalledOff'
              : mine.status === 'rejected'
                ? 'needs.matches.lastRejected'
                : mine.status === 'cancelled'
                  ? 'needs.matches.lastCancelled'
                  : 'needs.matches.lastDisputed',
          )}
        </Text>
      )}
      <RequestMedicineButton
        {...request}
        medicine={medicine}
        initialQuantity={matchRequestQuantity(need, medicine.quantity)}
      />
    </div>
  );
}

/**
 * One match, with what a decision needs: name, days left, dosage form, units,
 * price or Free, why it matched, who offers it and where; then the request button, or the
 * caller's request on it ("Requested · Approved") once there is one.
 */
export function MatchCard({ match, request }: { match: NeedMatch; request: MatchRequest }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const format = useFormat();
  const formLabel = useDosageFormLabel();
  const { need, medicine, owner } = match;
  const placeLabel = usePlaceLabel();
  // "3.5 km · Dokki, Giza": how far and where, never a street address before approval.
  const where = placeLabel.place({ area: owner.area, governorate: owner.governorate });
  const area =
    where && match.distanceKm !== null
      ? placeLabel.distanceAndPlace(match.distanceKm, { area: owner.area, governorate: owner.governorate })
      : where
        ? t('needs.matches.area', { area: where })
        : t('needs.matches.noArea');
  return (
    <li className={styles.card} data-testid="match-card" aria-label={medicine.name}>
      <div className={styles.text}>
        <div className={styles.line}>
          <Text weight="semibold">{medicine.name}</Text>
          <DaysLeftBadge expiryDate={medicine.expiryDate} />
          {match.sameGovernorate && (
            <Badge appearance="tint" color="brand">
              {t('needs.matches.sameArea')}
            </Badge>
          )}
        </div>
        <Text size={200} data-testid="match-facts">
          {/* The form's label keeps its own direction beside the numbers. */}
          <bdi>{formLabel(medicine.type)}</bdi>
          {medicine.quantity > 0 && ` · ${t('medicine.units', { count: medicine.quantity })}`} ·{' '}
          <Text size={200} weight="semibold" className={styles.price} data-testid="price">
            {medicine.discountPrice === null ? t('medicine.free') : format.money(medicine.discountPrice)}
          </Text>
        </Text>
        <Text size={200} className={styles.muted}>
          {/* Why it matched: the need's own words (and form). */}
          <bdi>
            {need.dosageForm
              ? t('needs.matches.whyForm', { need: need.medicine, form: formLabel(need.dosageForm) })
              : t('needs.matches.why', { need: need.medicine })}
          </bdi>
        </Text>
        <Text size={200} className={styles.muted}>
          {/* A private donor's name comes with an approval: "From a private donor" till then. */}
          {owner.name
            ? `${t('needs.matches.from', { owner: owner.name })} · `
            : medicine.source === 'donor'
              ? `${t('needs.matches.fromDonor')} · `
              : ''}
          {area}
        </Text>
      </div>
      <MatchAction match={match} request={request} />
    </li>
  );
}

/**
 * A need's matching listings, best first, each with one tap to request it. For
 * a need met by its requests (`met`): the listings requested on it, each with how far it has gone.
 */
export function NeedMatches({
  needId,
  request,
  met = false,
}: {
  needId: number;
  request: MatchRequest;
  met?: boolean;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const format = useFormat();
  const matches = useNeedMatches({ needId, page: 1, pageSize: matchesShown });
  if (matches.isPending) return <Spinner size="tiny" aria-label={t('busy')} />;
  if (matches.isError)
    return (
      <Text size={200} className={styles.muted}>
        {t('needs.matches.loadFailed')}
      </Text>
    );
  const { items, total } = matches.data;
  if (items.length === 0)
    return met ? null : (
      <Text size={200} className={styles.muted} data-testid="no-matches">
        {t('needs.matches.none')}
      </Text>
    );
  const title = t(met ? 'needs.matches.metTitle' : 'needs.matches.title');
  return (
    <section aria-label={title}>
      <Text weight="semibold" size={300}>
        {title}
      </Text>
      <ul className={styles.list}>
        {items.map((m) => (
          <MatchCard key={m.medicine.id} match={m} request={request} />
        ))}
      </ul>
      {total > items.length && (
        <Text size={200} className={styles.muted}>
          {t('needs.matches.more', { shown: format.number(items.length), total: format.number(total) })}
        </Text>
      )}
    </section>
  );
}
