import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyRequests } from '@medrelay/api-client';
import type { MedicineRequest } from '@medrelay/contracts';
import {
  EmptyState,
  OwnerRequestActions,
  PageHeader,
  QueryGate,
  RequesterRequestActions,
  RequestRow,
  SectionHeader,
  StackList,
} from '@medrelay/ui';

function RequestList({
  title,
  empty,
  requests,
  render,
}: {
  title: string;
  empty: string;
  requests: MedicineRequest[];
  render: (request: MedicineRequest) => ReactNode;
}) {
  return (
    <>
      <SectionHeader title={title} />
      {requests.length ? (
        <StackList label={title}>{requests.map(render)}</StackList>
      ) : (
        <EmptyState title={empty} />
      )}
    </>
  );
}

/**
 * `/pharmacy/requests`: pending requests on own medicines with Approve (optional pickup details)
 * and Reject, their history, and the transfers this pharmacy asked for.
 */
export default function Requests() {
  const { t } = useTranslation('pharmacy');
  const requests = useMyRequests();
  const ownerLabels = { approve: t('requests.approve'), reject: t('requests.reject') };
  const requesterLabels = { cancel: t('requests.cancel'), collected: t('requests.collected') };
  return (
    <>
      <PageHeader title={t('requests.title')} subtitle={t('requests.subtitle')} />
      <QueryGate query={requests} failedTitle={t('requests.loadFailed')}>
        {(list) => {
          const incoming = list.filter((r) => r.direction === 'incoming');
          return (
            <>
              <RequestList
                title={t('requests.pending')}
                empty={t('requests.noPending')}
                requests={incoming.filter((r) => r.status === 'pending')}
                render={(r) => (
                  <RequestRow
                    key={r.id}
                    request={r}
                    counterpart="requester"
                    pendingWording="pendingReview"
                    actions={<OwnerRequestActions request={r} labels={ownerLabels} />}
                  />
                )}
              />
              <RequestList
                title={t('requests.history')}
                empty={t('requests.noHistory')}
                requests={incoming.filter((r) => r.status !== 'pending')}
                render={(r) => <RequestRow key={r.id} request={r} counterpart="requester" />}
              />
              <RequestList
                title={t('requests.sent')}
                empty={t('requests.noSent')}
                requests={list.filter((r) => r.direction === 'outgoing')}
                render={(r) => (
                  <RequestRow
                    key={r.id}
                    request={r}
                    counterpart="provider"
                    pendingWording="pendingReview"
                    actions={<RequesterRequestActions request={r} labels={requesterLabels} />}
                  />
                )}
              />
            </>
          );
        }}
      </QueryGate>
    </>
  );
}
