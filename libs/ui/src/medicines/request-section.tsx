import type { ReactNode } from 'react';
import { useRequestsPage, type RequestListParams } from '@medrelay/api-client';
import type { MedicineRequest } from '@medrelay/contracts';
import { EmptyState } from '../components/empty-state';
import { CardHeadingLevel, SectionHeader } from '../components/page-header';
import { PagedList, usePaging } from '../components/paged-list';
import { PickupPlanPanel } from '../pickup/pickup-plan';
import { CallOffPickup, OwnerRequestActions } from './request-actions';
import { RequestRow, type RequestRowProps } from './request-row';

/** One section of a requests screen: the server filters it (direction, statuses) and pages it. */
export function PagedRequestSection({
  title,
  empty,
  failedTitle,
  filter,
  pageSize,
  render,
}: {
  title: string;
  empty: string;
  failedTitle: string;
  filter: Omit<RequestListParams, 'page' | 'pageSize'>;
  pageSize: number;
  render: (request: MedicineRequest) => ReactNode;
}) {
  const paging = usePaging(pageSize);
  const requests = useRequestsPage({ ...filter, page: paging.page, pageSize });
  return (
    <section>
      <SectionHeader title={title} />
      <CardHeadingLevel.Provider value={3}>
        <PagedList
          query={requests}
          paging={paging}
          label={title}
          failedTitle={failedTitle}
          empty={<EmptyState title={empty} />}
        >
          {render}
        </PagedList>
      </CardHeadingLevel.Provider>
    </section>
  );
}

/**
 * Requests answered by their owner: everything past pending (a pickup called off is filtered
 * apart from the rejected and cancelled, as its badge reads).
 */
const answered = ['approved', 'rejected', 'completed', 'cancelled', 'calledOff'] as const;

/**
 * The two sections of the requests an owner received (pharmacy, donor): the pending ones with
 * Approve and Reject, then the answered ones; each paged by the server.
 */
export function IncomingRequestSections({
  texts,
  pageSize,
  pendingWording,
  successTitle,
}: {
  texts: {
    failedTitle: string;
    pending: string;
    noPending: string;
    answered: string;
    noAnswered: string;
    approve: string;
    reject: string;
  };
  pageSize: number;
  pendingWording?: RequestRowProps['pendingWording'];
  /** The toast after a decision, if the screen words it its own way. */
  successTitle?: string;
}) {
  const labels = { approve: texts.approve, reject: texts.reject };
  return (
    <>
      <PagedRequestSection
        failedTitle={texts.failedTitle}
        pageSize={pageSize}
        title={texts.pending}
        empty={texts.noPending}
        filter={{ direction: 'incoming', status: ['pending'] }}
        render={(r) => (
          <RequestRow
            key={r.id}
            request={r}
            counterpart="requester"
            pendingWording={pendingWording}
            actions={<OwnerRequestActions request={r} labels={labels} successTitle={successTitle} />}
          />
        )}
      />
      <PagedRequestSection
        failedTitle={texts.failedTitle}
        pageSize={pageSize}
        title={texts.answered}
        empty={texts.noAnswered}
        filter={{ direction: 'incoming', status: [...answered] }}
        render={(r) => (
          <RequestRow key={r.id} request={r} counterpart="requester" actions={<CallOffPickup request={r} />}>
            {/* The owner offers pickup windows once approved. */}
            <PickupPlanPanel request={r} side="owner" />
          </RequestRow>
        )}
      />
    </>
  );
}
