import { Card, makeStyles, mergeClasses, MessageBar, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActivityFeed } from '@medrelay/contracts';
import { useFormat } from '@medrelay/i18n';
import { EmptyState, QueryGate } from '@medrelay/ui';
import { useListStyles } from '../list-styles';
import { activityKey, refetchOnOpen } from '../users/keys';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The newest registrations, reviews, listings and requests across MedRelay (gateway-merged). */
export function RecentActivity() {
  const styles = useStyles();
  const list = useListStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const feed = useQuery<ActivityFeed>({ queryKey: activityKey, ...refetchOnOpen });

  return (
    <Card className={mergeClasses(list.card, styles.card)}>
      <Text as="h2" size={500} weight="semibold">
        {t('activity.title')}
      </Text>
      {feed.data?.unavailable.length ? (
        <MessageBar intent="warning">{t('activity.partial')}</MessageBar>
      ) : null}
      <QueryGate query={feed} failedTitle={t('activity.loadFailed')}>
        {({ items }) =>
          items.length ? (
            <ul className={list.list}>
              {items.map((item) => (
                <li key={item.id} className={list.row} data-testid="activity">
                  <Text className={list.main}>
                    {t(`activity.kinds.${item.kind}`, {
                      actor: item.actor ?? t('activity.unknown'),
                      role: item.actorType ? t(`common:userType.${item.actorType}`) : t('activity.unknown'),
                      subject: item.subject ?? t('activity.unknown'),
                    })}
                  </Text>
                  <Text size={200} className={list.muted}>
                    <time dateTime={item.at} title={format.dateTime(item.at)}>
                      {format.relative(item.at)}
                    </time>
                  </Text>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title={t('activity.empty')} />
          )
        }
      </QueryGate>
    </Card>
  );
}
