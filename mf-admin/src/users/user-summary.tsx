import { Badge, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNoShowCounts } from '@medrelay/api-client';
import type { User } from '@medrelay/contracts';
import { useListStyles } from '../list-styles';

/** Who an account is, as every admin list shows it: name, e-mail (left to right) and a date. */
export function UserSummary({ user, when }: { user: User; when: string }) {
  const styles = useListStyles();
  const { t } = useTranslation('admin');
  // One query for the whole list (cached): missed pickup windows per account (issue 18).
  const noShows = useNoShowCounts().data?.find((c) => c.userId === user.id);
  const missed = noShows ? noShows.asRequester + noShows.asOwner : 0;
  return (
    <div className={styles.main}>
      <Text weight="semibold" block>
        {user.name}
      </Text>
      <Text size={200} className={styles.muted} block dir="ltr" style={{ textAlign: 'start' }}>
        {user.email}
      </Text>
      <Text size={200} className={styles.muted}>
        {when}
      </Text>
      {missed > 0 && (
        <Badge appearance="tint" color="warning" data-testid="no-show-badge">
          {t('noShows.badge', { count: missed })}
        </Badge>
      )}
    </div>
  );
}
