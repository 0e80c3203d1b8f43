import { useState } from 'react';
import { Badge, Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPage, urlFromQueryKey } from '@medrelay/api-client';
import { userStatuses, userTypes, type User, type UserStatus, type UserType } from '@medrelay/contracts';
import { useFormat } from '@medrelay/i18n';
import { CenteredSpinner, ConfirmDialog, EmptyState, ErrorState, PageHeader, Pager } from '@medrelay/ui';
import { DetailsDialog } from '../dashboard/pending-approvals';
import { DebouncedSearch, FilterSelect, useFilterStyles } from './filters';
import { allUsersPath } from './keys';
import { actionsFor, useReviewUser } from './use-review-user';

const pageSize = 20;

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL },
  list: { listStyleType: 'none', margin: '0', padding: '0' },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalM,
    borderBlockEndWidth: tokens.strokeWidthThin,
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
  },
  who: { flex: '1 1 240px', minWidth: '0' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const statusColour = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

/** `/admin/users`: every account, filtered and searched, with approve / reject / suspend / re-approve. */
export function UserApprovals() {
  const styles = useStyles();
  const filterStyles = useFilterStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [userType, setUserType] = useState<UserType | ''>('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<User | null>(null);
  const review = useReviewUser();
  const users = useQuery({
    queryKey: [allUsersPath, { userType, status, q, page, pageSize }],
    queryFn: ({ queryKey, signal }) => apiPage<User>(urlFromQueryKey(queryKey), signal),
    placeholderData: keepPreviousData,
  });
  // A filter change starts again at the first page.
  const filter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };

  let body;
  if (users.isPending) body = <CenteredSpinner />;
  else if (users.isError)
    body = <ErrorState title={t('users.loadFailed')} onRetry={() => void users.refetch()} />;
  else if (!users.data.items.length) body = <EmptyState title={t('users.empty')} />;
  else
    body = (
      <ul className={styles.list}>
        {users.data.items.map((user) => (
          <li key={user.id} className={styles.row} data-testid="user-row">
            <div className={styles.who}>
              <Text weight="semibold" block>
                {user.name}
              </Text>
              <Text size={200} className={styles.muted} block dir="ltr" style={{ textAlign: 'start' }}>
                {user.email}
              </Text>
              <Text size={200} className={styles.muted}>
                {format.date(user.createdAt)}
              </Text>
            </div>
            <Badge appearance="tint">{t(`common:userType.${user.userType}`)}</Badge>
            <Badge appearance="filled" color={statusColour[user.status]}>
              {t(`common:status.${user.status}`)}
            </Badge>
            <div className={styles.actions}>
              <Button onClick={() => setDetails(user)}>{t('approvals.details')}</Button>
              {actionsFor(user).map((action) => (
                <ConfirmDialog
                  key={action}
                  trigger={
                    <Button
                      appearance={action === 'approve' || action === 'reapprove' ? 'primary' : 'secondary'}
                      disabled={review.isPending}
                    >
                      {t(`users.actions.${action}`)}
                    </Button>
                  }
                  title={t(`users.actions.${action}`)}
                  body={t(`users.confirm.${action}`, { name: user.name })}
                  confirmLabel={t(`users.actions.${action}`)}
                  onConfirm={() => review.mutate({ user, action })}
                />
              ))}
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <PageHeader title={t('users.title')} subtitle={t('users.subtitle')} />
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
          options={userStatuses.map((value) => ({ value, label: t(`common:status.${value}`) }))}
          onChange={filter(setStatus)}
        />
      </div>
      <Card className={styles.card}>
        {users.data && (
          <Text role="status" data-testid="users-found">
            {t('users.found', { count: users.data.total })}
          </Text>
        )}
        {body}
        {users.data && <Pager page={page} pageSize={pageSize} total={users.data.total} onPage={setPage} />}
      </Card>
      {details && <DetailsDialog user={details} onClose={() => setDetails(null)} />}
    </>
  );
}

export default UserApprovals;
