import {
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRequestPages } from '@medrelay/api-client';
import { donationTimeline } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';
import {
  CenteredSpinner,
  EmptyState,
  ErrorState,
  PageHeader,
  RouterLink,
  SectionHeader,
  StatCard,
  StatGrid,
} from '@medrelay/ui';
import { DonationsGate } from '../donations/use-donations';

const useStyles = makeStyles({
  timeline: { listStyleType: 'none', margin: '0', padding: '0' },
  event: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    paddingInlineStart: tokens.spacingHorizontalL,
    borderInlineStartWidth: tokens.strokeWidthThicker,
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorBrandStroke1,
  },
  card: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'start',
    gap: tokens.spacingVerticalM,
  },
  when: { color: tokens.colorNeutralForeground3 },
});

/** Requests loaded at a time into the timeline. */
const pageSize = 20;
/** How many of the newest donations the timeline covers; all of them are on My Donations. */
const timelineDonations = 20;

/** `/donor/history`: the donor's figures, a timeline of donations and requests, and Your Impact. */
export default function History() {
  const styles = useStyles();
  const { t } = useTranslation('donor');
  const format = useFormat();
  // Requests on the donations, latest change first, loaded a page at a time.
  const history = useRequestPages({ direction: 'incoming', sort: 'updated', pageSize });
  return (
    <>
      <PageHeader title={t('history.title')} subtitle={t('history.subtitle')} />
      <DonationsGate failedTitle={t('history.loadFailed')} page={{ page: 1, pageSize: timelineDonations }}>
        {({ donations, summary }) => {
          if (history.isError)
            return <ErrorState title={t('history.loadFailed')} onRetry={() => void history.refetch()} />;
          if (!history.data) return <CenteredSpinner />;
          const requests = history.data.pages.flatMap((p) => p.items);
          // Requests not loaded yet changed before the last loaded one, and so did all their
          // events: every request event from that moment on is known, older ones wait for "more".
          const requestsSince = history.hasNextPage ? requests.at(-1)?.updatedAt : undefined;
          // With older donations left out, the timeline covers the whole stretch of time since
          // the oldest donation it shows, rather than scattered older events.
          const older = summary.totalDonations > donations.length;
          const donationsSince = older ? donations.at(-1)?.createdAt : undefined;
          // Both must be complete: the later of the two cut-offs holds.
          const since =
            requestsSince && donationsSince
              ? requestsSince > donationsSince
                ? requestsSince
                : donationsSince
              : (requestsSince ?? donationsSince);
          // More requests only add events while the requests' cut-off is the one that binds.
          const moreRequests = history.hasNextPage && (!donationsSince || since === requestsSince);
          const events = donationTimeline(donations, requests).filter((e) => !since || e.at >= since);
          const unknown = t('history.unknown');
          return (
            <>
              <StatGrid label={t('history.title')}>
                <StatCard label={t('stats.totalDonations')} value={format.number(summary.totalDonations)} />
                <StatCard label={t('stats.medicinesDonated')} value={format.number(summary.totalMedicines)} />
                <StatCard
                  label={t('stats.successfullyCollected')}
                  value={format.number(summary.successfullyCollected)}
                />
                <StatCard label={t('stats.livesImpacted')} value={format.number(summary.livesImpacted)} />
              </StatGrid>
              <MessageBar intent="success" layout="multiline" data-testid="your-impact">
                <MessageBarBody>
                  <MessageBarTitle>{t('history.impactTitle')}</MessageBarTitle>
                  {t('history.impact', {
                    count: summary.livesImpacted,
                    units: format.number(summary.totalMedicines),
                  })}
                </MessageBarBody>
              </MessageBar>
              <SectionHeader title={t('history.timeline')} />
              <Card className={styles.card}>
                {events.length ? (
                  <ol className={styles.timeline} aria-label={t('history.timeline')}>
                    {events.map((event) => (
                      <li key={event.key} className={styles.event} data-testid="timeline-event">
                        <Text>
                          {t(`history.events.${event.kind}`, {
                            count: event.quantity,
                            medicine: event.medicine ?? unknown,
                            requester: event.requester ?? unknown,
                          })}
                        </Text>
                        <Text size={200} className={styles.when}>
                          <time dateTime={event.at} title={format.dateTime(event.at)}>
                            {format.relative(event.at)}
                          </time>
                        </Text>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <EmptyState title={t('history.empty')} />
                )}
                {moreRequests && (
                  <Button disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                    {t('history.loadMore')}
                  </Button>
                )}
                {older && <RouterLink to="/donations">{t('history.olderOnDonations')}</RouterLink>}
              </Card>
            </>
          );
        }}
      </DonationsGate>
    </>
  );
}
