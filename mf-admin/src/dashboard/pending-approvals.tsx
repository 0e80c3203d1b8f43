import { useState } from 'react';
import { Badge, Button, Card, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { User } from '@medrelay/contracts';
import { useFormat } from '@medrelay/i18n';
import { ConfirmDialog, EmptyState, QueryGate, RouterLink } from '@medrelay/ui';
import { useListStyles } from '../list-styles';
import { DetailsDialog } from '../users/details-dialog';
import { RejectRegistration } from '../users/reject-registration';
import { usePendingUsers } from '../users/use-pending-users';
import { useReviewUser } from '../users/use-review-user';
import { UserSummary } from '../users/user-summary';

/**
 * The newest accounts waiting for review, with Approve, Reject and Details (spec §2 admin
 * dashboard), and a link to all of them on User Approvals when there are more.
 */
export function PendingApprovals() {
  const styles = useListStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [details, setDetails] = useState<User | null>(null);
  const pending = usePendingUsers();
  const decide = useReviewUser();

  return (
    <Card className={styles.card}>
      <Text as="h2" size={500} weight="semibold">
        {t('approvals.title')}
      </Text>
      <QueryGate query={pending} failedTitle={t('approvals.loadFailed')}>
        {({ items: users, total }) =>
          users.length ? (
            <>
              <ul className={styles.list}>
                {users.map((user) => (
                  <li key={user.id} className={styles.row} data-testid="pending-user">
                    <UserSummary user={user} when={format.relative(user.createdAt)} />
                    <Badge appearance="tint">{t(`common:userType.${user.userType}`)}</Badge>
                    <div className={styles.actions}>
                      <Button onClick={() => setDetails(user)}>{t('approvals.details')}</Button>
                      {user.emailVerified ? (
                        <Button
                          appearance="primary"
                          disabled={decide.isPending}
                          onClick={() => decide.mutate({ user, action: 'approve' })}
                        >
                          {t('approvals.approve')}
                        </Button>
                      ) : (
                        // Nobody has proven the address yet: asked first.
                        <ConfirmDialog
                          trigger={
                            <Button appearance="primary" disabled={decide.isPending}>
                              {t('approvals.approve')}
                            </Button>
                          }
                          title={t('users.actions.approve')}
                          body={t('users.confirm.approveUnverified', { name: user.name })}
                          confirmLabel={t('users.actions.approve')}
                          onConfirm={() => decide.mutate({ user, action: 'approve' })}
                        />
                      )}
                      {/* Rejecting locks the account out: asked first, with why, as on User Approvals. */}
                      <RejectRegistration
                        user={user}
                        busy={decide.isPending}
                        onReject={(reason) => decide.mutateAsync({ user, action: 'reject', reason })}
                      />
                    </div>
                  </li>
                ))}
              </ul>
              {total > users.length && (
                <RouterLink to="/users">{t('approvals.viewAll', { count: total })}</RouterLink>
              )}
            </>
          ) : (
            <EmptyState title={t('approvals.empty')} />
          )
        }
      </QueryGate>
      {details && <DetailsDialog user={details} onClose={() => setDetails(null)} />}
    </Card>
  );
}
