import { useState } from 'react';
import { Badge, Button, Card, Text, useRestoreFocusTarget } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  userListStatuses,
  userTypes,
  type AdminUser,
  type User,
  type UserListStatus,
  type UserType,
} from '@medrelay/contracts';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { useNoShowCounts } from '@medrelay/api-client';
import { useFormat } from '@medrelay/i18n';
import { ConfirmDialog, EmptyState, PageHeader, Pager, QueryGate, useRemote } from '@medrelay/ui';
import { adminPageSize, useAdminPage } from '../admin-page';
import { useListStyles } from '../list-styles';
import { DetailsDialog } from './details-dialog';
import { DebouncedSearch, FilterSelect, useFilterStyles } from './filters';
import { LicenseReviews } from './license-reviews';
import { RejectRegistration } from './reject-registration';
import { ResetTwoFactor } from './reset-two-factor';
import { usePendingUsers } from './use-pending-users';
import { reviewActionAttribute, useReviewDialog } from './review-focus';
import { actionsFor, useReviewUser, type ReviewAction } from './use-review-user';
import { UserSummary } from './user-summary';

const statusColour = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

/** Approve, Suspend or Re-approve, asked first; closed, it gives focus back (review-focus.ts). */
function DecisionDialog({
  user,
  action,
  busy,
  onConfirm,
}: {
  user: User;
  action: Exclude<ReviewAction, 'reject'>;
  busy: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const dialog = useReviewDialog();
  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button
          ref={dialog.trigger}
          appearance={action === 'approve' || action === 'reapprove' ? 'primary' : 'secondary'}
          disabled={busy}
          {...{ [reviewActionAttribute]: action }}
        >
          {t(`users.actions.${action}`)}
        </Button>
      }
      title={t(`users.actions.${action}`)}
      body={t(
        action === 'approve' && !user.emailVerified
          ? 'users.confirm.approveUnverified'
          : `users.confirm.${action}`,
        { name: user.name },
      )}
      confirmLabel={t(`users.actions.${action}`)}
      onConfirm={() => dialog.decided(onConfirm())}
    />
  );
}

/**
 * `/admin/users`: every account, filtered and searched, with approve / reject / suspend / re-approve,
 * and a reset of the two-factor sign-in of another account that has it on.
 */
export default function UserApprovals() {
  const styles = useListStyles();
  const filterStyles = useFilterStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const { user: me } = useRemote();
  const [userType, setUserType] = useState<UserType | ''>('');
  const [status, setStatus] = useState<UserListStatus | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<User | null>(null);
  // Details opens without a DialogTrigger: this gives focus back to the row's button when it closes.
  const restoreFocus = useRestoreFocusTarget();
  const review = useReviewUser();
  const users = useAdminPage(identityEndpoints.allUsers, { userType, status, q }, page);
  // Opening this screen refreshes the pending count in the sidebar badge.
  usePendingUsers();
  // A filter change starts again at the first page.
  const filter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };

  // Missed pickup windows of the accounts on this page only, one query for the page.
  const noShows = useNoShowCounts(users.data?.items.map((user) => user.id) ?? []).data;
  const missedOf = (user: User) => {
    const found = noShows?.find((c) => c.userId === user.id);
    return found ? found.asRequester + found.asOwner : 0;
  };

  const row = (user: AdminUser) => (
    <li key={user.id} className={styles.row} data-testid="user-row">
      <UserSummary user={user} when={format.date(user.createdAt)} />
      <Badge appearance="tint">{t(`common:userType.${user.userType}`)}</Badge>
      {missedOf(user) > 0 && (
        <Badge appearance="tint" color="warning" data-testid="no-show-badge">
          {t('noShows.badge', { count: missedOf(user) })}
        </Badge>
      )}
      {user.twoFactorEnabled && (
        <Badge appearance="tint" color="informative" data-testid="two-factor-on">
          {t('users.twoFactorReset.on')}
        </Badge>
      )}
      {user.deletedAt ? (
        <Badge appearance="tint" color="subtle">
          {t('users.deleted')}
        </Badge>
      ) : (
        <Badge appearance="filled" color={statusColour[user.status]}>
          {t(`common:status.${user.status}`)}
        </Badge>
      )}
      <div className={styles.actions}>
        <Button onClick={() => setDetails(user)} {...restoreFocus}>
          {t('approvals.details')}
        </Button>
        {actionsFor(user).map((action) =>
          action === 'reject' ? (
            <RejectRegistration
              key={action}
              user={user}
              busy={review.isPending}
              onReject={(reason) => review.mutateAsync({ user, action, reason })}
            />
          ) : (
            <DecisionDialog
              key={action}
              user={user}
              action={action}
              busy={review.isPending}
              onConfirm={() => review.mutateAsync({ user, action })}
            />
          ),
        )}
        {/* Their own is reset by another administrator, who checks it is them. */}
        {user.twoFactorEnabled && user.id !== me.id && <ResetTwoFactor user={user} />}
      </div>
    </li>
  );

  return (
    <>
      <PageHeader title={t('users.title')} subtitle={t('users.subtitle')} />
      <LicenseReviews />
      <div className={filterStyles.bar}>
        <DebouncedSearch label={t('users.search')} onSearch={filter(setQ)} className={filterStyles.search} />
        <FilterSelect
          label={t('users.type')}
          value={userType}
          allLabel={t('users.all')}
          options={userTypes.map((value) => ({ value, label: t(`common:userType.${value}`) }))}
          onChange={filter(setUserType)}
        />
        <FilterSelect
          label={t('users.status')}
          value={status}
          allLabel={t('users.all')}
          options={userListStatuses.map((value) => ({
            value,
            label: value === 'deleted' ? t('users.deleted') : t(`common:status.${value}`),
          }))}
          onChange={filter(setStatus)}
        />
      </div>
      <Card className={styles.card}>
        <QueryGate query={users} failedTitle={t('users.loadFailed')}>
          {({ items, total }) => (
            <>
              <Text role="status">{t('users.found', { count: total })}</Text>
              {items.length ? (
                <ul className={styles.list}>{items.map(row)}</ul>
              ) : (
                <EmptyState title={t('users.empty')} />
              )}
              <Pager page={page} pageSize={adminPageSize} total={total} onPage={setPage} />
            </>
          )}
        </QueryGate>
      </Card>
      {details && <DetailsDialog user={details} onClose={() => setDetails(null)} />}
    </>
  );
}
