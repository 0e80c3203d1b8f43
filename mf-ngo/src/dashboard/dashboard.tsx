import { makeStyles, tokens } from '@fluentui/react-components';
import { ClipboardTask24Regular, Heart24Regular, Money24Regular, Pill24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useBrowseMedicines, useRequestSummary } from '@medrelay/api-client';
import type { MedicineSource } from '@medrelay/contracts';
import { patientsPerUnit } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';
import {
  BrowseCard,
  FiguresError,
  ListPreview,
  NextAction,
  type NextStep,
  PageHeader,
  StatCard,
  StatGrid,
  useFigure,
  useRemote,
  WelcomeMessage,
} from '@medrelay/ui';
import { RequestPickup } from '../request-pickup';

const useStyles = makeStyles({
  columns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))',
    columnGap: tokens.spacingHorizontalXL,
  },
});

/** The first medicines offered to NGOs from one source, each with its Request Pickup button. */
function FirstMedicines({
  source,
  title,
  empty,
  more,
}: {
  source: MedicineSource;
  title: string;
  empty: string;
  more: string;
}) {
  const { t } = useTranslation('ngo');
  const medicines = useBrowseMedicines({
    recipientType: 'ngos',
    source,
    sort: 'expiry',
    page: 1,
    pageSize: 3,
  });
  return (
    <ListPreview
      title={title}
      viewAll={{ to: more, label: t('dashboard.viewAll') }}
      query={medicines}
      failedTitle={t('dashboard.loadFailed')}
      empty={empty}
    >
      {(m) => <BrowseCard key={m.id} medicine={m} actions={<RequestPickup medicine={m} />} />}
    </ListPreview>
  );
}

/**
 * The one thing worth doing now: collect what was approved (the owner is waiting), else find
 * medicines. Nothing until the request counts have loaded.
 */
export function ngoNextStep(
  t: (key: string, options?: Record<string, unknown>) => string,
  approved: number | undefined,
  /** Of those, pickups a batch recall holds: not to be collected. */
  held = 0,
): NextStep | null {
  if (approved === undefined) return null;
  if (approved > held)
    return {
      title: t('dashboard.next.collectTitle', { count: approved - held }),
      body: t('dashboard.next.collectBody'),
      action: { to: '/requests', label: t('dashboard.next.collect') },
    };
  if (held > 0)
    return {
      title: t('dashboard.next.heldTitle', { count: held }),
      body: t('dashboard.next.heldBody'),
      action: { to: '/requests', label: t('dashboard.next.collect') },
    };
  return {
    title: t('dashboard.next.browseTitle'),
    body: t('dashboard.next.browseBody'),
    action: { to: '/browse', label: t('dashboard.next.browse') },
  };
}

/** `/ngo/dashboard`: what the NGO received (from completed requests), and what it can request now. */
export function Dashboard() {
  const styles = useStyles();
  const { t } = useTranslation('ngo');
  const { user } = useRemote();
  const format = useFormat();
  // Counted by the server, never by downloading the requests.
  const requests = useRequestSummary({ fresh: true });
  const figure = useFigure([requests]);
  const summary = requests.data?.received;
  const active = requests.data?.outgoing.pending;
  const next = ngoNextStep(t, requests.data?.outgoing.approved, requests.data?.held.outgoing);
  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <WelcomeMessage title={t('dashboard.welcome', { name: user.name })} />
      <NextAction step={next} loading={requests.isPending} />
      <FiguresError queries={[requests]} />
      <StatGrid label={t('dashboard.title')}>
        <StatCard
          label={t('dashboard.received')}
          value={figure(summary?.units)}
          hint={t('dashboard.receivedHint')}
          icon={<Pill24Regular />}
        />
        <StatCard
          label={t('dashboard.patients')}
          value={figure(summary?.patientsServed)}
          hint={t('dashboard.patientsHint', { patients: format.number(patientsPerUnit) })}
          icon={<Heart24Regular />}
        />
        <StatCard
          label={t('dashboard.value')}
          value={figure(summary?.estimatedValue, format.money)}
          hint={t('dashboard.valueHint')}
          icon={<Money24Regular />}
        />
        <StatCard
          label={t('dashboard.active')}
          value={figure(active)}
          hint={t('dashboard.activeHint')}
          icon={<ClipboardTask24Regular />}
        />
      </StatGrid>
      <div className={styles.columns}>
        <FirstMedicines
          source="donor"
          title={t('dashboard.donations')}
          empty={t('dashboard.noDonations')}
          more="/browse"
        />
        <FirstMedicines
          source="pharmacy"
          title={t('dashboard.pharmacyStock')}
          empty={t('dashboard.noPharmacyStock')}
          more="/pharmacy-stock"
        />
      </div>
    </>
  );
}
