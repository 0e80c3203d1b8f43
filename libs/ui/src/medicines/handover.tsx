import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useAnswerCollection } from '@medrelay/api-client';
import type { MedicineRequest } from '@medrelay/contracts';
import { handoverNeedsOwner } from '@medrelay/domain/requests';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useNotify } from '../use-notify';
import { CustodyButton } from './custody-timeline';
import { HandoverCodeButton } from './handover-code';
import { ConfirmHandoverButton } from './handover-confirm';

const useStyles = makeStyles({
  answer: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    flexBasis: '100%',
    minWidth: 0,
  },
  answerButtons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * The owner's answer to a collection the requester marked without the code: confirm it, or
 * dispute it (asked first; the administrators are told).
 */
function CollectionAnswer({ request }: { request: MedicineRequest }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const notify = useNotify();
  const answer = useAnswerCollection();
  const name = request.medicine?.name ?? t('request.unknown');
  const send = async (choice: 'confirm' | 'dispute') => {
    try {
      await answer.mutateAsync({ id: request.id, answer: choice });
      notify.success(t(choice === 'confirm' ? 'handover.answeredConfirm' : 'handover.answeredDispute'));
    } catch (error) {
      notify.failure(t('handover.answerFailed'), error, t('toast.requestUpdateError'));
    }
  };
  return (
    <div className={styles.answer} role="group" aria-label={t('handover.awaitingYou')}>
      <Text size={200}>{t('handover.awaitingYou')}</Text>
      <div className={styles.answerButtons}>
        <Button
          appearance="primary"
          disabled={answer.isPending}
          onClick={() => void send('confirm')}
          aria-label={`${t('handover.answerConfirm')}: ${name}`}
        >
          {t('handover.answerConfirm')}
        </Button>
        <ConfirmDialog
          trigger={
            <Button disabled={answer.isPending} aria-label={`${t('handover.answerDispute')}: ${name}`}>
              {t('handover.answerDispute')}
            </Button>
          }
          title={t('handover.disputeTitle')}
          body={t('handover.disputeBody', { name })}
          confirmLabel={t('handover.disputeConfirm')}
          dismissLabel={t('handover.keep')}
          onConfirm={() => void send('dispute')}
        />
      </div>
    </div>
  );
}

/**
 * What a request row offers about its handover, from the caller's side: the
 * requester's code once approved, the owner's "Confirm handover" with that code, the owner's
 * answer to a collection marked without it, and the custody log.
 */
export function HandoverActions({ request }: { request: MedicineRequest }) {
  // While a recall holds the pickup no units change hands (the server answers REQUEST_ON_HOLD):
  // no code to show, none to enter.
  const approved = request.status === 'approved' && !request.recallHold;
  return (
    <>
      {approved && request.direction === 'outgoing' && <HandoverCodeButton request={request} />}
      {approved && request.direction === 'incoming' && <ConfirmHandoverButton request={request} />}
      {request.direction === 'incoming' && handoverNeedsOwner(request) && (
        <CollectionAnswer request={request} />
      )}
      <CustodyButton request={request} />
    </>
  );
}
