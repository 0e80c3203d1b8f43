import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useMyTransactions } from '@medrelay/api-client';
import {
  EmptyState,
  PageHeader,
  PickupInfo,
  QueryGate,
  RequesterRequestActions,
  RequestRow,
  StackList,
} from '@medrelay/ui';

/**
 * `/ngo/requests`: the NGO's requests with their status; Cancel Request while pending, the
 * approval note, pickup details and Mark as Collected once approved, a note when rejected.
 */
export default function MyRequests() {
  const { t } = useTranslation('ngo');
  // Transactions are the requests plus their pickup details.
  const requests = useMyTransactions();
  const labels = { cancel: t('actions.cancel'), collected: t('actions.collected') };
  return (
    <>
      <PageHeader title={t('requests.title')} subtitle={t('requests.subtitle')} />
      <QueryGate query={requests} failedTitle={t('requests.loadFailed')}>
        {(list) => {
          const mine = list.filter((r) => r.direction === 'outgoing');
          return mine.length ? (
            <StackList label={t('requests.title')}>
              {mine.map((r) => (
                <RequestRow
                  key={r.id}
                  request={r}
                  counterpart="provider"
                  actions={
                    <RequesterRequestActions
                      request={r}
                      labels={labels}
                      successTitle={t('common:toast.requestUpdatedSuccessfully')}
                    />
                  }
                >
                  {r.status === 'approved' && (
                    <MessageBar intent="success" layout="multiline">
                      <MessageBarBody>
                        {t('requests.approvedNote')}
                        <PickupInfo pickup={r.pickup} />
                      </MessageBarBody>
                    </MessageBar>
                  )}
                  {r.status === 'rejected' && (
                    <MessageBar intent="warning" layout="multiline">
                      <MessageBarBody>{t('requests.rejectedNote')}</MessageBarBody>
                    </MessageBar>
                  )}
                </RequestRow>
              ))}
            </StackList>
          ) : (
            <EmptyState title={t('requests.empty')} />
          );
        }}
      </QueryGate>
    </>
  );
}
