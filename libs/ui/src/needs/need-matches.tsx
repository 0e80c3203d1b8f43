import { Badge, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNeedMatches } from '@medrelay/api-client';
import type { NeedMatch } from '@medrelay/contracts';
import { matchRequestQuantity } from '@medrelay/domain/matching';
import { useFormat } from '@medrelay/i18n';
import { DaysLeftBadge } from '../components/days-left-badge';
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
});

function MatchCard({ match, request }: { match: NeedMatch; request: MatchRequest }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const formLabel = useDosageFormLabel();
  const { need, medicine, owner } = match;
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
        <Text size={200} className={styles.muted}>
          {/* Why it matched: the need's own words (and form), beside the listing's quantity. */}
          <bdi>
            {need.dosageForm
              ? t('needs.matches.whyForm', { need: need.medicine, form: formLabel(need.dosageForm) })
              : t('needs.matches.why', { need: need.medicine })}
          </bdi>{' '}
          · {t('medicine.units', { count: medicine.quantity })}
        </Text>
        <Text size={200} className={styles.muted}>
          {owner.name ? `${t('needs.matches.from', { owner: owner.name })} · ` : ''}
          {owner.governorate
            ? t('needs.matches.area', { area: t(`governorate.${owner.governorate}`) })
            : t('needs.matches.noArea')}
        </Text>
      </div>
      <RequestMedicineButton
        {...request}
        medicine={medicine}
        initialQuantity={matchRequestQuantity(need, medicine.quantity)}
      />
    </li>
  );
}

/** A need's matching listings, best first, each with one tap to request it (issue 16 item 4). */
export function NeedMatches({ needId, request }: { needId: number; request: MatchRequest }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const format = useFormat();
  const matches = useNeedMatches({ needId, page: 1, pageSize: matchesShown });
  if (matches.isPending) return <Spinner size="tiny" />;
  if (matches.isError)
    return (
      <Text size={200} className={styles.muted}>
        {t('needs.matches.loadFailed')}
      </Text>
    );
  const { items, total } = matches.data;
  if (items.length === 0)
    return (
      <Text size={200} className={styles.muted} data-testid="no-matches">
        {t('needs.matches.none')}
      </Text>
    );
  return (
    <section aria-label={t('needs.matches.title')}>
      <Text weight="semibold" size={300}>
        {t('needs.matches.title')}
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
