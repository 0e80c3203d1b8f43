import { useState } from 'react';
import { Badge, Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ChevronDown16Regular, ChevronUp16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { reachPendingForMs, useRecallReach, useResendRecallNotices } from '@medrelay/api-client';
import type { Recall, RecallParty } from '@medrelay/contracts';
import { useFormat, useShownName } from '@medrelay/i18n';
import { ConfirmDialog, useNotify } from '@medrelay/ui';
import { useListStyles } from '../list-styles';

const useStyles = makeStyles({
  // Its own line under the recall, whatever the width.
  reach: { flexBasis: '100%', minWidth: '0' },
  top: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  parties: {
    listStyleType: 'none',
    margin: '0',
    marginBlockStart: tokens.spacingVerticalS,
    padding: '0',
    display: 'grid',
    gap: tokens.spacingVerticalS,
  },
  party: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: '0',
    overflowWrap: 'anywhere',
  },
  name: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  resend: { marginBlockStart: tokens.spacingVerticalS },
});

function Party({ party }: { party: RecallParty }) {
  const styles = useStyles();
  const listStyles = useListStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const shownName = useShownName();
  const resent = party.lastSentAt !== party.notifiedAt;
  return (
    <li className={styles.party} data-testid="reach-party">
      <div className={styles.name}>
        <Text weight="semibold">
          {party.name === null ? t('recalls.reach.unknown') : shownName(party.name)}
        </Text>
        {party.userType && (
          <Badge appearance="tint" color="informative">
            {t(`common:userType.${party.userType}`)}
          </Badge>
        )}
        {party.acknowledgedAt ? (
          <Badge appearance="filled" color="success" data-testid="reach-acknowledged">
            {t('recalls.reach.acknowledgedOn', { date: format.dateTime(party.acknowledgedAt) })}
          </Badge>
        ) : (
          <Badge appearance="outline" color="warning" data-testid="reach-not-acknowledged">
            {t('recalls.reach.notAcknowledged')}
          </Badge>
        )}
      </div>
      {party.holdings.map((h) => (
        <Text key={`${h.holding}-${h.medicineId}-${h.requestId ?? 0}`} block size={200}>
          {t(`recalls.reach.holding.${h.holding}`, {
            medicine: h.medicineName ?? t('recalls.reach.unknown'),
            quantity: format.number(h.quantity),
          })}
        </Text>
      ))}
      <Text block size={200} className={listStyles.muted}>
        {t('recalls.reach.notified', { date: format.dateTime(party.notifiedAt) })}
        {resent && ` · ${t('recalls.reach.lastSent', { date: format.dateTime(party.lastSentAt) })}`}
      </Text>
    </li>
  );
}

/**
 * Who a recall reached and who has acknowledged: "3 of 4 acknowledged", each
 * party with what it holds and when it was told, and a resend to those who have not acknowledged.
 */
export function RecallReachPanel({ recall }: { recall: Recall }) {
  const styles = useStyles();
  const listStyles = useListStyles();
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const reach = useRecallReach(recall);
  const resend = useResendRecallNotices();
  const data = reach.data;
  let summary: string;
  if (reach.isError) summary = t('recalls.reach.loadFailed');
  else if (data === undefined) summary = '';
  else if (data === null)
    summary = t(
      Date.now() - Date.parse(recall.createdAt) < reachPendingForMs
        ? 'recalls.reach.pending'
        : 'recalls.reach.untracked',
    );
  else if (data.reached === 0) summary = t('recalls.reach.nobody');
  else summary = t('recalls.reach.summary', { acknowledged: data.acknowledged, reached: data.reached });
  const waiting = data ? data.reached - data.acknowledged : 0;
  return (
    <div className={styles.reach} data-testid="recall-reach">
      <div className={styles.top}>
        {reach.isPending && <Spinner size="tiny" />}
        <Text size={200} weight="semibold" data-testid="reach-summary">
          {summary}
        </Text>
        {data && data.reached > 0 && (
          <Button
            size="small"
            appearance="subtle"
            aria-expanded={open}
            icon={open ? <ChevronUp16Regular /> : <ChevronDown16Regular />}
            iconPosition="after"
            onClick={() => setOpen(!open)}
          >
            {t('recalls.reach.show')}
          </Button>
        )}
      </div>
      {open && data && (
        <>
          <ul className={styles.parties} aria-label={t('recalls.reach.show')}>
            {data.parties.map((party) => (
              <Party key={party.userId} party={party} />
            ))}
          </ul>
          {!data.liftedAt && waiting > 0 && (
            <div className={styles.resend}>
              <ConfirmDialog
                trigger={<Button disabled={resend.isPending}>{t('recalls.reach.resend')}</Button>}
                title={t('recalls.reach.resendTitle')}
                body={t('recalls.reach.resendBody', { count: waiting })}
                confirmLabel={t('recalls.reach.resend')}
                onConfirm={() =>
                  // The round after the one shown: a second click of the same screen sends nothing more.
                  resend.mutate(
                    { recallId: recall.id, round: data.round + 1 },
                    {
                      onSuccess: (answer) =>
                        notify.success(
                          answer.resent > 0
                            ? t('recalls.reach.resendDone', { count: answer.resent })
                            : t('recalls.reach.resendNone'),
                        ),
                      onError: (error) => notify.failure(t('recalls.reach.resendFailed'), error),
                    },
                  )
                }
              />
            </div>
          )}
        </>
      )}
      {open && !data && reach.isError && (
        <Text size={200} className={listStyles.muted}>
          {t('recalls.reach.loadFailed')}
        </Text>
      )}
    </div>
  );
}
