import { Card, makeStyles, MessageBar, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActivityFeed } from '@medrelay/contracts';
import { useFormat } from '@medrelay/i18n';
import { CenteredSpinner, EmptyState, ErrorState } from '@medrelay/ui';
import { activityKey } from '../users/keys';

const useStyles = makeStyles({
  card: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  list: { listStyleType: 'none', margin: '0', padding: '0' },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderBlockEndWidth: tokens.strokeWidthThin,
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
  },
  when: { color: tokens.colorNeutralForeground3 },
});

/** The newest registrations, reviews, listings and requests across MedRelay (gateway-merged). */
export function RecentActivity() {
  const styles = useStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const feed = useQuery<ActivityFeed>({ queryKey: activityKey });

  let body;
  if (feed.isPending) body = <CenteredSpinner />;
  else if (feed.isError)
    body = <ErrorState title={t('activity.loadFailed')} onRetry={() => void feed.refetch()} />;
  else if (!feed.data.items.length) body = <EmptyState title={t('activity.empty')} />;
  else
    body = (
      <ul className={styles.list}>
        {feed.data.items.map((item) => (
          <li key={item.id} className={styles.row} data-testid="activity">
            <Text>
              {t(`activity.kinds.${item.kind}`, {
                actor: item.actor ?? t('activity.unknown'),
                role: item.actorType ? t(`common:userType.${item.actorType}`) : t('activity.unknown'),
                subject: item.subject ?? t('activity.unknown'),
              })}
            </Text>
            <Text size={200} className={styles.when}>
              <time dateTime={item.at} title={format.dateTime(item.at)}>
                {format.relative(item.at)}
              </time>
            </Text>
          </li>
        ))}
      </ul>
    );

  return (
    <Card className={styles.card}>
      <Text as="h2" size={500} weight="semibold">
        {t('activity.title')}
      </Text>
      {feed.data?.unavailable.length ? (
        <MessageBar intent="warning">{t('activity.partial')}</MessageBar>
      ) : null}
      {body}
    </Card>
  );
}
