import { useRef, useState } from 'react';
import { Badge, Button, Card, Field, Text } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi, routeKey } from '@medrelay/api-client';
import {
  pharmacistLicenseRejectionReasons,
  type PharmacistLicenseRejectionReason,
  type User,
} from '@medrelay/contracts';
import { identityEndpoints as identity } from '@medrelay/contracts/endpoints';
import { partyName } from '@medrelay/domain/listing-visibility';
import { useFormat } from '@medrelay/i18n';
import { ConfirmDialog, focusHeading, Pager, ReasonSelect, useNotify, whenSettled } from '@medrelay/ui';
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
  const refresh = () =>
    Promise.all([licensesKey, allUsersKey].map((queryKey) => client.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: (d: Decision) =>
      d.accept
        ? callApi(identity.acceptPharmacistLicense, { params: { id: d.user.id } })
        : callApi(identity.rejectPharmacistLicense, {
            params: { id: d.user.id },
            body: { reason: d.reason },
          }),
    // The lists asked again before the decision settles: the row has left when focus moves on.
    onSuccess: async (_, d) => {
      notify.success(t(d.accept ? 'licenses.accepted' : 'licenses.rejected'));
      await refresh();
    },
    onError: async (error, d) => {
      notify.failure(t(d.accept ? 'licenses.acceptFailed' : 'licenses.rejectFailed'), error);
      // A 409: another administrator decided it first.
      if (error instanceof ApiError && error.status === 409) await refresh();
    },
  });
}

/**
 * Where focus goes once a decided licence leaves the list, instead of falling to the page body: the
 * next row's first button, else the previous row's, else the card's heading, else (the card gone
 * with the last licence) the page's. Read before the decision; applied once the row has left the
 * list reloaded after it (a failed decision keeps the row: focus stays where the dialog left it).
 */
function focusAfterDecision(row: HTMLElement | null): () => void {
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
  const action = neighbour?.querySelector<HTMLElement>('button:not([disabled])');
  const card = row?.closest<HTMLElement>('[data-testid="license-reviews"]');
  const cardHeading = card?.querySelector<HTMLElement>('h2');
  const pageHeading = card?.parentElement?.querySelector<HTMLElement>('h1');
  const land = () => {
    if (action?.isConnected) return action.focus();
    if (cardHeading?.isConnected) return focusHeading(cardHeading);
    if (pageHeading?.isConnected) focusHeading(pageHeading);
  };
  // Once React has shown the list again without the row.
  return () =>
    void whenSettled(() => !row?.isConnected).then(() => {
      if (row && !row.isConnected) land();
    });
}

function LicenseRow({
  user,
  busy,
  decide,
}: {
  user: User;
  busy: boolean;
  decide: (d: Decision) => Promise<unknown>;
}) {
  const styles = useListStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [reason, setReason] = useState<PharmacistLicenseRejectionReason>('notRegistered');
  const row = useRef<HTMLLIElement>(null);
  const license = user.profile?.pharmacistLicense ?? '';
  const organization = partyName(user.name, user.profile?.organizationName);
  // Every row has the same buttons: each says whose licence it decides.
  const named = (label: string) => `${label}: ${organization}`;
  const settle = async (d: Decision) => {
    const moveFocus = focusAfterDecision(row.current);
    // A failure is toasted by the mutation; the list may still have lost the row (409).
    await decide(d).catch(() => undefined);
    moveFocus();
  };
  return (
    <li ref={row} className={styles.row} data-testid="license-row">
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
        <ReasonSelect
          aria-label={named(t('licenses.reason'))}
          value={reason}
          onChange={(_, data) => setReason(data.value as PharmacistLicenseRejectionReason)}
        >
          {pharmacistLicenseRejectionReasons.map((r) => (
            <option key={r} value={r}>
              {t(`licenses.reasons.${r}`)}
            </option>
          ))}
        </ReasonSelect>
      </Field>
      <div className={styles.actions}>
        <ConfirmDialog
          trigger={
            <Button appearance="primary" disabled={busy} aria-label={named(t('licenses.accept'))}>
              {t('licenses.accept')}
            </Button>
          }
          title={t('licenses.accept')}
          body={t('licenses.confirmAccept', { organization, license })}
          confirmLabel={t('licenses.accept')}
          onConfirm={() => void settle({ user, accept: true })}
        />
        <ConfirmDialog
          trigger={
            <Button disabled={busy} aria-label={named(t('licenses.reject'))}>
              {t('licenses.reject')}
            </Button>
          }
          title={t('licenses.reject')}
          body={t('licenses.confirmReject', {
            organization,
            license,
            reason: t(`licenses.reasons.${reason}`),
          })}
          confirmLabel={t('licenses.reject')}
          onConfirm={() => void settle({ user, accept: false, reason })}
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
          <LicenseRow
            key={user.id}
            user={user}
            busy={decide.isPending}
            decide={(d) => decide.mutateAsync(d)}
          />
        ))}
      </ul>
      <Pager page={page} pageSize={adminPageSize} total={data.total} onPage={setPage} />
    </Card>
  );
}
