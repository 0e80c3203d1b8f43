import { Button, Field, MessageBar, MessageBarBody, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { MedicineBrowseParams } from '@medrelay/api-client';
import { hasPharmacist, urgentThresholdDays } from '@medrelay/domain';
import { MatchDeepLink, MedicineBrowser, PageHeader, useRemote } from '@medrelay/ui';
import { RequestPickup, usePickupRequest } from '../request-pickup';

const sourceFilters = ['all', 'pharmacy', 'donor', 'urgent'] as const;
type SourceFilter = (typeof sourceFilters)[number];

/** The browse query of a source filter: a source, or urgent (7 days or fewer) from any source. */
function sourceQuery(filter: SourceFilter): MedicineBrowseParams {
  if (filter === 'pharmacy' || filter === 'donor') return { source: filter };
  if (filter === 'urgent') return { urgent: true };
  return {};
}

/** `/ngo/browse`: every available medicine offered to NGOs, searched, filtered and sorted. */
export default function BrowseDonations() {
  const { t } = useTranslation('ngo');
  const request = usePickupRequest();
  const { user } = useRemote();
  return (
    <>
      <PageHeader title={t('browse.title')} subtitle={t('browse.subtitle')} />
      {/* The server leaves donors' medicines out for an NGO without a pharmacist: say why. */}
      {!hasPharmacist(user) && (
        <MessageBar intent="warning" layout="multiline" data-testid="no-pharmacist">
          <MessageBarBody>
            {t(user.profile?.pharmacistLicensePending ? 'browse.pharmacistInReview' : 'browse.noPharmacist')}
          </MessageBarBody>
        </MessageBar>
      )}
      <MatchDeepLink request={request} />
      <MedicineBrowser<SourceFilter>
        sorts={['expiry', 'name', 'quantity']}
        initialFilter="all"
        filterQuery={sourceQuery}
        filters={(state) => (
          <>
            <Field label={t('browse.source')}>
              <Select
                value={state.filter}
                onChange={(_, data) => state.setFilter(data.value as SourceFilter)}
              >
                {sourceFilters.map((filter) => (
                  <option key={filter} value={filter}>
                    {t(`browse.sources.${filter}`, { days: urgentThresholdDays })}
                  </option>
                ))}
              </Select>
            </Field>
            {/* Enabled exactly when something (search, source, sort, radius) differs from the start. */}
            <Button disabled={!state.changed} onClick={state.clear}>
              {t('browse.clear')}
            </Button>
          </>
        )}
        label={t('browse.title')}
        failedTitle={t('browse.loadFailed')}
        countLabel={(count, estimated) => t(estimated ? 'browse.foundAbout' : 'browse.found', { count })}
        empty={t('browse.empty')}
        actions={(m) => <RequestPickup medicine={m} />}
      />
    </>
  );
}
