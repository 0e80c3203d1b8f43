import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@medrelay/contracts';
import { useFormat } from '@medrelay/i18n';
import { CenteredSpinner, EmptyState, ErrorState } from '@medrelay/ui';
import { pendingKey } from '../users/keys';
import { useReviewUser } from '../users/use-review-user';

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
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
  },
});

/** Every field a reviewer needs to vet the account (spec §3 profile fields). */
export function DetailsDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const profile = user.profile;
  const rows: [string, string | null | undefined][] = [
    [t('approvals.fields.name'), user.name],
    [t('approvals.fields.email'), user.email],
    [t('approvals.fields.phone'), user.phone],
    [t('approvals.fields.userType'), t(`common:userType.${user.userType}`)],
    [t('approvals.fields.status'), t(`common:status.${user.status}`)],
    [t('approvals.fields.address'), profile?.address],
    [t('approvals.fields.commercialLicense'), profile?.commercialLicense],
    [t('approvals.fields.licenseDocument'), profile?.licenseDocument],
    [t('approvals.fields.organizationName'), profile?.organizationName],
    [t('approvals.fields.commercialNumber'), profile?.commercialNumber],
    [t('approvals.fields.verificationDocuments'), profile?.verificationDocuments],
    [t('approvals.fields.registered'), format.dateTime(user.createdAt)],
  ];
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('approvals.detailsTitle')}</DialogTitle>
          <DialogContent>
            <dl className={styles.details}>
              {rows
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <div key={label} style={{ display: 'contents' }}>
                    <dt>
                      <Text weight="semibold">{label}</Text>
                    </dt>
                    <dd style={{ margin: 0 }}>{value}</dd>
                  </div>
                ))}
            </dl>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Accounts waiting for review, with Approve, Reject and Details (spec §2 admin dashboard). */
export function PendingApprovals() {
  const styles = useStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [details, setDetails] = useState<User | null>(null);
  const pending = useQuery<User[]>({ queryKey: pendingKey });
  const decide = useReviewUser();

  let body;
  if (pending.isPending) body = <CenteredSpinner />;
  else if (pending.isError)
    body = <ErrorState title={t('approvals.loadFailed')} onRetry={() => void pending.refetch()} />;
  else if (!pending.data.length) body = <EmptyState title={t('approvals.empty')} />;
  else
    body = (
      <ul className={styles.list}>
        {pending.data.map((user) => (
          <li key={user.id} className={styles.row} data-testid="pending-user">
            <div className={styles.who}>
              <Text weight="semibold" block>
                {user.name}
              </Text>
              <Text size={200} className={styles.muted} block dir="ltr" style={{ textAlign: 'start' }}>
                {user.email}
              </Text>
              <Text size={200} className={styles.muted}>
                {format.relative(user.createdAt)}
              </Text>
            </div>
            <Badge appearance="tint">{t(`common:userType.${user.userType}`)}</Badge>
            <div className={styles.actions}>
              <Button onClick={() => setDetails(user)}>{t('approvals.details')}</Button>
              <Button
                appearance="primary"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ user, action: 'approve' })}
              >
                {t('approvals.approve')}
              </Button>
              <Button disabled={decide.isPending} onClick={() => decide.mutate({ user, action: 'reject' })}>
                {t('approvals.reject')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <Card className={styles.card}>
      <Text as="h2" size={500} weight="semibold">
        {t('approvals.title')}
      </Text>
      {body}
      {details && <DetailsDialog user={details} onClose={() => setDetails(null)} />}
    </Card>
  );
}
