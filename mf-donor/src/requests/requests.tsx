import { useTranslation } from 'react-i18next';
import { useFormat } from '@medrelay/i18n';
import {
  EmptyState,
  OwnerRequestActions,
  PageHeader,
  RequestRow,
  SectionHeader,
  StackList,
  StatCard,
  StatGrid,
} from '@medrelay/ui';
import { DonationsGate } from '../donations/use-donations';

const counted = ['pending', 'approved', 'completed'] as const;

/**
 * `/donor/requests`: counts and every request on the donor's donations. Pending ones have
 * Reject, and Approve through Set Pickup Details (location and date required for donations).
 */
export default function Requests() {
  const { t } = useTranslation('donor');
  const format = useFormat();
  const labels = { approve: t('requests.approve'), reject: t('requests.reject') };
  return (
    <>
      <PageHeader title={t('requests.title')} subtitle={t('requests.subtitle')} />
      <DonationsGate failedTitle={t('requests.loadFailed')}>
        {({ requests }) => {
          const pending = requests.filter((r) => r.status === 'pending');
          const answered = requests.filter((r) => r.status !== 'pending');
          return (
            <>
              <StatGrid label={t('requests.title')}>
                <StatCard label={t('requests.counts.total')} value={format.number(requests.length)} />
                {counted.map((status) => (
                  <StatCard
                    key={status}
                    label={t(`requests.counts.${status}`)}
                    value={format.number(requests.filter((r) => r.status === status).length)}
                  />
                ))}
              </StatGrid>
              <SectionHeader title={t('requests.pending')} />
              {pending.length ? (
                <StackList label={t('requests.pending')}>
                  {pending.map((r) => (
                    <RequestRow
                      key={r.id}
                      request={r}
                      counterpart="requester"
                      actions={
                        <OwnerRequestActions
                          request={r}
                          labels={labels}
                          successTitle={t('requests.updated')}
                        />
                      }
                    />
                  ))}
                </StackList>
              ) : (
                <EmptyState title={t('requests.noPending')} />
              )}
              <SectionHeader title={t('requests.others')} />
              {answered.length ? (
                <StackList label={t('requests.others')}>
                  {answered.map((r) => (
                    <RequestRow key={r.id} request={r} counterpart="requester" />
                  ))}
                </StackList>
              ) : (
                <EmptyState title={t('requests.noOthers')} />
              )}
            </>
          );
        }}
      </DonationsGate>
    </>
  );
}
