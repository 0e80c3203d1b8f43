import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircle16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ApiError, useAcknowledgeRecall, useBatchRecall, useMyRecallNotices } from '@medrelay/api-client';
import type { MedicineRequest } from '@medrelay/contracts';
import { holdsPacks } from '@medrelay/domain/recalls';
import { useFormat } from '@medrelay/i18n';

const useStyles = makeStyles({
  acknowledgement: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    marginBlockStart: tokens.spacingVerticalXS,
  },
  done: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteGreenForeground1,
  },
  error: { color: tokens.colorPaletteRedForeground1 },
  // Long Arabic or English sentences wrap inside the card instead of widening it.
  text: { overflowWrap: 'anywhere', minWidth: '0' },
});

/**
 * "I have set these units aside": the party confirms, once, that the recalled units it
 * holds are set aside; afterwards, when it did. Requesters, who hold nothing yet, confirm they
 * will not collect. Answers inline (the shell's notification centre has no toasts of its own).
 */
export function RecallAcknowledgement({
  recallId,
  acknowledgedAt,
  packsInHand = true,
}: {
  recallId: number;
  acknowledgedAt: string | null;
  packsInHand?: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const format = useFormat();
  const acknowledge = useAcknowledgeRecall();
  const confirmed = acknowledgedAt ?? acknowledge.data?.acknowledgedAt ?? null;
  if (confirmed)
    return (
      <Text size={200} className={styles.done} data-testid="recall-acknowledged">
        <CheckmarkCircle16Regular aria-hidden />
        {t(packsInHand ? 'recallNotice.acknowledged' : 'recallNotice.acknowledgedRequest', {
          date: format.dateTime(confirmed),
        })}
      </Text>
    );
  return (
    <div className={styles.acknowledgement}>
      <Button
        size="small"
        appearance="primary"
        disabled={acknowledge.isPending}
        icon={acknowledge.isPending ? <Spinner size="tiny" /> : undefined}
        onClick={() => acknowledge.mutate(recallId)}
        data-testid="recall-acknowledge"
      >
        {t(packsInHand ? 'recallNotice.acknowledge' : 'recallNotice.acknowledgeRequest')}
      </Button>
      {acknowledge.isError && (
        <Text size={200} role="alert" className={styles.error}>
          {acknowledge.error instanceof ApiError && acknowledge.error.serverMessage
            ? acknowledge.error.serverMessage
            : t('recallNotice.acknowledgeFailed')}
        </Text>
      )}
    </div>
  );
}

/**
 * Under a recall notice in the notification centre: acknowledge it there while the recall is in
 * force (the caller's notices say whether they did, and whether they hold packs or only requests).
 */
export function RecallNoticeAcknowledgement({ recallId }: { recallId: number }) {
  const notice = useMyRecallNotices().data?.find((n) => n.recallId === recallId);
  if (!notice) return null;
  return (
    <RecallAcknowledgement
      recallId={recallId}
      acknowledgedAt={notice.acknowledgedAt}
      packsInHand={holdsPacks(notice.holdings.map((h) => h.holding))}
    />
  );
}

/**
 * The flag of a request whose collected units belong to a recalled batch: the
 * requester is told to set them aside and confirms it here; the owner reads that the units it
 * handed over are quarantined with the recipient.
 */
export function RecallQuarantineNote({ request }: { request: MedicineRequest }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const flag = request.recallQuarantine;
  if (!flag) return null;
  if (request.direction !== 'outgoing')
    return (
      <Text size={200} weight="semibold" className={styles.text} data-testid="recall-quarantine">
        {t('recallNotice.given', { reason: flag.reason })}
      </Text>
    );
  return (
    <MessageBar intent="error" layout="multiline" data-testid="recall-quarantine">
      <MessageBarBody className={styles.text}>
        {t('recallNotice.held', { reason: flag.reason })}
        <RecallAcknowledgement recallId={flag.recallId} acknowledgedAt={flag.acknowledgedAt} />
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * The listing form's warning: the GTIN and batch typed or scanned belong to a batch
 * under a recall in force, so saving lists it quarantined, never available. Null otherwise.
 */
export function BatchRecallWarning({ gtin, batch }: { gtin?: string | null; batch?: string | null }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const recall = useBatchRecall(gtin, batch).data;
  if (!recall?.recalled) return null;
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="batch-recall-warning">
      <MessageBarBody className={styles.text}>
        <MessageBarTitle>{t('recallNotice.formWarningTitle')}</MessageBarTitle>
        {t('recallNotice.formWarning', { reason: recall.reason })}
      </MessageBarBody>
    </MessageBar>
  );
}
