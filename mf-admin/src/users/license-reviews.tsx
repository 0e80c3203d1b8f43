import { useState } from 'react';
import { Badge, Button, Card, Field, Select, Text } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi, routeKey } from '@medrelay/api-client';
import {
  pharmacistLicenseRejectionReasons,
  type PharmacistLicenseRejectionReason,
  type User,
} from '@medrelay/contracts';
import { identityEndpoints as identity } from '@medrelay/contracts/endpoints';
import { useFormat } from '@medrelay/i18n';
import { ConfirmDialog, Pager, useNotify } from '@medrelay/ui';
import { adminPageSize, useAdminPage } from '../admin-page';
import { useListStyles } from '../list-styles';
import { allUsersKey } from './keys';
import { UserSummary } from './user-summary';

const licensesKey = routeKey(identity.pendingPharmacistLicenses);

type Decision =
  { user: User; accept: true } | { user: User; accept: false; reason: PharmacistLicenseRejectionReason };

/** Accepts or refuses a waiting licence, with its toasts; the lists are asked again either way. */
function useDecideLicense() {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const client = useQueryClient();
  const refresh = () => {
    for (const queryKey of [licensesKey, allUsersKey]) void client.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn: (d: Decision) =>
      d.accept
        ? callApi(identity.acceptPharmacistLicense, { params: { id: d.user.id } })
        : callApi(identity.rejectPharmacistLicense, {
            params: { id: d.user.id },
            body: { reason: d.reason },
          }),
    onSuccess: (_, d) => {
      notify.success(t(d.accept ? 'licenses.accepted' : 'licenses.rejected'));
      refresh();
    },
    onError: (error, d) => {
      notify.failure(t(d.accept ? 'licenses.acceptFailed' : 'licenses.rejectFailed'), error);
      // A 409: another administrator decided it first.
      if (error instanceof ApiError && error.status === 409) refresh();
    },
  });
}

function LicenseRow({ user, busy, decide }: { user: User; busy: boolean; decide: (d: Decision) => void }) {
  const styles = useListStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [reason, setReason] = useState<PharmacistLicenseRejectionReason>('notRegistered');
  const license = user.profile?.pharmacistLicense ?? '';
  const organization = user.profile?.organizationName ?? user.name;
  return (
    <li className={styles.row} data-testid="license-row">
      <UserSummary user={user} when={format.date(user.updatedAt)} />
      <div className={styles.main}>
        <Text weight="semibold" block>
          {organization}
        </Text>
        <Text block>
          {t('licenses.number')}{' '}
          <Badge appearance="outline" dir="ltr">
            {license}
          </Badge>
        </Text>
      </div>
      <Field label={t('licenses.reason')}>
        <Select
          value={reason}
          onChange={(_, data) => setReason(data.value as PharmacistLicenseRejectionReason)}
        >
          {pharmacistLicenseRejectionReasons.map((r) => (
            <option key={r} value={r}>
              {t(`licenses.reasons.${r}`)}
            </option>
          ))}
        </Select>
      </Field>
      <div className={styles.actions}>
        <ConfirmDialog
          trigger={
            <Button appearance="primary" disabled={busy}>
              {t('licenses.accept')}
            </Button>
          }
          title={t('licenses.accept')}
          body={t('licenses.confirmAccept', { organization, license })}
          confirmLabel={t('licenses.accept')}
          onConfirm={() => decide({ user, accept: true })}
        />
        <ConfirmDialog
          trigger={<Button disabled={busy}>{t('licenses.reject')}</Button>}
          title={t('licenses.reject')}
          body={t('licenses.confirmReject', {
            organization,
            license,
            reason: t(`licenses.reasons.${reason}`),
          })}
          confirmLabel={t('licenses.reject')}
          onConfirm={() => decide({ user, accept: false, reason })}
        />
      </div>
    </li>
  );
}

/**
 * On User Approvals: the pharmacist's licences NGOs added after their account's review, waiting
 * for an administrator (until accepted, such an NGO receives no donor's medicine). Shown only
 * while some wait.
 */
export function LicenseReviews() {
  const styles = useListStyles();
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const licenses = useAdminPage(identity.pendingPharmacistLicenses, {}, page);
  const decide = useDecideLicense();
  const data = licenses.data;
  if (!data || data.total === 0) return null;
  return (
    <Card className={styles.card} data-testid="license-reviews">
      <Text as="h2" size={500} weight="semibold">
        {t('licenses.title', { count: data.total })}
      </Text>
      <Text>{t('licenses.subtitle')}</Text>
      <ul className={styles.list}>
        {data.items.map((user) => (
          <LicenseRow key={user.id} user={user} busy={decide.isPending} decide={(d) => decide.mutate(d)} />
        ))}
      </ul>
      <Pager page={page} pageSize={adminPageSize} total={data.total} onPage={setPage} />
    </Card>
  );
}
