import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { User } from '@medrelay/contracts';
import { useFormat, useShownName } from '@medrelay/i18n';
import { useListStyles } from '../list-styles';

const useStyles = makeStyles({
  // The e-mail check and the date on one line with a gap between them (the badge touched the
  // date), wrapping under each other on a narrow phone; logical, so the same in Arabic.
  checkAndDate: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
  },
});

/**
 * Who an account is, as every admin list shows it: name, e-mail (left to right) with whether its
 * owner proved it (for a deleted account, when its owner deleted it instead), a date, and for an
 * application made again after a rejection, why it was rejected.
 */
export function UserSummary({ user, when }: { user: User; when: string }) {
  const styles = useListStyles();
  const own = useStyles();
  const { t } = useTranslation('admin');
  const shownName = useShownName();
  const format = useFormat();
  return (
    <div className={styles.main}>
      <Text weight="semibold" block>
        {shownName(user.name)}
      </Text>
      <Text size={200} className={styles.muted} block dir="ltr" style={{ textAlign: 'start' }}>
        {user.email}
      </Text>
      <div className={own.checkAndDate} data-testid="email-check-and-date">
        {/* A deleted account's address is a placeholder nobody confirms: when it was deleted instead. */}
        {user.deletedAt ? (
          <Text size={200} className={styles.muted} data-testid="deleted-on">
            {t('users.deletedOn', { date: format.date(user.deletedAt) })}
          </Text>
        ) : (
          <Badge
            size="small"
            appearance="tint"
            color={user.emailVerified ? 'success' : 'warning'}
            data-testid="email-check"
          >
            {t(user.emailVerified ? 'approvals.emailVerified' : 'approvals.emailUnverified')}
          </Badge>
        )}
        <Text size={200} className={styles.muted}>
          {when}
        </Text>
      </div>
      {/* Applied again after a rejection: the earlier reason, for the administrator's second look. */}
      {user.status === 'pending' && user.rejectionReason && (
        <Text size={200} block data-testid="applied-again">
          {t('users.appliedAgain', { reason: t(`users.rejectReasons.${user.rejectionReason}`) })}
        </Text>
      )}
    </div>
  );
}
