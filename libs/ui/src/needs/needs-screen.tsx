import { Badge, Button, Text } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useDeleteNeed, useNeedsPage, useSaveNeed } from '@medrelay/api-client';
import type { Need } from '@medrelay/contracts';
import { pickupPointOf } from '@medrelay/domain/pickup-points';
import { useFormat } from '@medrelay/i18n';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { PagedList, usePaging } from '../components/paged-list';
import { useDosageFormLabel } from '../medicines/dosage-form';
import { ItemCard, useItemTextStyles } from '../medicines/item-card';
import { useRemote } from '../role-app';
import { useNotify } from '../use-notify';
import { NeedDialogButton } from './need-form-dialog';
import { NeedMatches, type MatchRequest } from './need-matches';

export const needsPageSize = 20;

/** Opens a closed need again, as it was (a need met by its requests starts a new count). */
function ReopenButton({ need }: { need: Need }) {
  const { t } = useTranslation('common');
  const save = useSaveNeed();
  const notify = useNotify();
  const reopen = async () => {
    const { medicine, dosageForm, minQuantity, acceptUpTo, minDaysLeft, urgency, reachKm } = need;
    try {
      await save.mutateAsync({
        id: need.id,
        values: {
          medicine,
          dosageForm,
          minQuantity,
          acceptUpTo,
          minDaysLeft,
          urgency,
          reachKm,
          status: 'open',
        },
      });
      notify.success(t('needs.reopened'), need.medicine);
    } catch (error) {
      notify.failure(t('needs.saveFailed'), error);
    }
  };
  return (
    <Button
      disabled={save.isPending}
      aria-label={`${t('needs.reopen')}: ${need.medicine}`}
      onClick={() => void reopen()}
    >
      {t('needs.reopen')}
    </Button>
  );
}

function NeedActions({ need }: { need: Need }) {
  const { t } = useTranslation('common');
  const remove = useDeleteNeed();
  const notify = useNotify();
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(need.id);
      notify.success(t('needs.deleted'), need.medicine);
    } catch (error) {
      notify.failure(t('needs.deleteFailed'), error);
    }
  };
  return (
    <>
      {need.status === 'closed' && <ReopenButton need={need} />}
      <NeedDialogButton
        need={need}
        trigger={(open) => (
          <Button onClick={open} aria-label={`${t('needs.edit')}: ${need.medicine}`}>
            {t('needs.edit')}
          </Button>
        )}
      />
      <ConfirmDialog
        trigger={
          <Button disabled={remove.isPending} aria-label={`${t('needs.delete')}: ${need.medicine}`}>
            {t('needs.delete')}
          </Button>
        }
        title={t('needs.deleteTitle', { name: need.medicine })}
        body={t('needs.deleteBody')}
        confirmLabel={t('needs.delete')}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}

function NeedRow({ need, request }: { need: Need; request: MatchRequest }) {
  const { t } = useTranslation('common');
  const hasPoint = pickupPointOf(useRemote().user) !== null;
  const styles = useItemTextStyles();
  const format = useFormat();
  const formLabel = useDosageFormLabel();
  const amount =
    need.acceptUpTo === null
      ? t('needs.atLeast', { count: need.minQuantity })
      : t('needs.between', { min: need.minQuantity, count: need.acceptUpTo });
  return (
    <ItemCard
      testId="need-row"
      title={need.medicine}
      badges={
        <>
          {need.urgency === 'urgent' && (
            <Badge appearance="filled" color="danger">
              {t('needs.urgencies.urgent')}
            </Badge>
          )}
          {need.status === 'closed' && (
            <Badge appearance="tint" color="success">
              {t('needs.closed')}
            </Badge>
          )}
        </>
      }
      actions={<NeedActions need={need} />}
    >
      <Text className={styles.muted}>
        {/* The form's label stays in its own direction beside the numbers. */}
        <bdi>{need.dosageForm ? formLabel(need.dosageForm) : t('needs.anyForm')}</bdi> · {amount}
      </Text>
      <Text size={200}>
        {need.minDaysLeft > 0
          ? t('needs.daysLeftAtLeast', { count: need.minDaysLeft })
          : t('needs.anyExpiry')}
      </Text>
      {/* Its reach: why a listing farther away is not among its matches. Without a pickup point
          of the needer's, matching cannot measure it and takes in all of Egypt (libs/domain
          withinReachSql): said, with where to set one. */}
      <Text size={200} data-testid="need-reach">
        {hasPoint
          ? t('needReach.within', { value: need.reachKm })
          : t('needReach.noPoint', { value: need.reachKm })}
      </Text>
      {need.requestedQuantity > 0 && (
        <Text size={200} data-testid="need-requested">
          {t('needs.requestedOf', {
            requested: format.number(need.requestedQuantity),
            min: format.number(need.minQuantity),
          })}
        </Text>
      )}
      {/* A need met by its requests keeps showing them until they are collected. */}
      {(need.status === 'open' || need.metBy === 'requests') && (
        <NeedMatches needId={need.id} request={request} met={need.status === 'closed'} />
      )}
    </ItemCard>
  );
}

/**
 * A wanted list: "What we need" for NGOs, "Wanted" for pharmacies; the same screen,
 * the title (and subtitle) from the role's own texts. A page at a time, newest first. Each open
 * need shows its matching listings with the role's request button (`request`).
 */
export function NeedsScreen({
  title,
  subtitle,
  request,
}: {
  title: string;
  subtitle: string;
  request: MatchRequest;
}) {
  const { t } = useTranslation('common');
  const paging = usePaging(needsPageSize);
  const needs = useNeedsPage({ page: paging.page, pageSize: needsPageSize });
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <NeedDialogButton
            trigger={(open) => (
              <Button appearance="primary" icon={<Add24Regular />} onClick={open}>
                {t('needs.add')}
              </Button>
            )}
          />
        }
      />
      <PagedList
        query={needs}
        paging={paging}
        label={title}
        failedTitle={t('needs.loadFailed')}
        empty={<EmptyState title={t('needs.empty')} body={t('needs.emptyBody')} />}
      >
        {(need) => <NeedRow key={need.id} need={need} request={request} />}
      </PagedList>
    </>
  );
}
