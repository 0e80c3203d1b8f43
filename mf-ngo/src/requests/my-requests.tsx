import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useTransactionsPage } from '@medrelay/api-client';
import {
  EmptyState,
  PagedList,
  PageHeader,
  PickupInfo,
  PickupPlanPanel,
  RequesterRequestActions,
  RequestRow,
  usePaging,
} from '@medrelay/ui';

const pageSize = 20;

/**
 * `/ngo/requests`: the NGO's requests with their status, a page at a time; Cancel Request while
 * pending, the approval note, pickup details (area and map link included) and Mark as Collected once
 * approved, a note when rejected, and one saying so when the platform ended it.
 */
export default function MyRequests() {
  const { t } = useTranslation('ngo');
  const paging = usePaging(pageSize);
  // Transactions are the requests plus their pickup details.
  const requests = useTransactionsPage({ direction: 'outgoing', page: paging.page, pageSize });
  const labels = { cancel: t('actions.cancel'), collected: t('actions.collected') };
  return (
    <>
      <PageHeader title={t('requests.title')} subtitle={t('requests.subtitle')} />
      <PagedList
        query={requests}
        paging={paging}
        label={t('requests.title')}
        failedTitle={t('requests.loadFailed')}
        empty={<EmptyState title={t('requests.empty')} />}
      >
        {(r) => (
          <RequestRow
            key={r.id}
            request={r}
            counterpart="provider"
            actions={<RequesterRequestActions request={r} labels={labels} />}
          >
            {r.status === 'approved' && (
              // A recall holding the pickup: not to be collected (the row's badge says why).
              <MessageBar intent={r.recallHold ? 'warning' : 'success'} layout="multiline">
                <MessageBarBody>
                  {t(r.recallHold ? 'requests.approvedHeldNote' : 'requests.approvedNote')}
                  <PickupInfo request={r} />
                </MessageBarBody>
              </MessageBar>
            )}
            <PickupPlanPanel request={r} side="requester" />
            {/* Ended by the platform (a listing withdrawn, a suspension, a recall, a missed pickup
                released): said so, not left to read as the NGO's or the owner's doing. */}
            {r.endedByPlatform ? (
              <MessageBar intent="info" layout="multiline" data-testid="ended-by-platform">
                <MessageBarBody>{t('requests.endedByPlatform')}</MessageBarBody>
              </MessageBar>
            ) : (
              // A pickup the owner called off after approving it: the row itself says so.
              r.status === 'rejected' &&
              !r.calledOff && (
                <MessageBar intent="warning" layout="multiline">
                  <MessageBarBody>{t('requests.rejectedNote')}</MessageBarBody>
                </MessageBar>
              )
            )}
          </RequestRow>
        )}
      </PagedList>
    </>
  );
}
