import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMedicine } from '@medrelay/api-client';
import { BrowseCard } from '../medicines/browse-card';
import { RequestMedicineButton } from '../medicines/request-button';
import type { MatchRequest } from './need-matches';

/** The deep link of a match (`?medicine=<id>&request=1[&quantity=N]`, libs/domain matchRequestLink). */
export function matchLinkOf(
  params: URLSearchParams,
): { medicineId: number; open: boolean; quantity: number } | null {
  const id = Number(params.get('medicine'));
  if (!Number.isInteger(id) || id <= 0) return null;
  const quantity = Number(params.get('quantity'));
  return {
    medicineId: id,
    open: params.get('request') === '1',
    quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
  };
}

function LinkedListing({
  link,
  request,
}: {
  link: NonNullable<ReturnType<typeof matchLinkOf>>;
  request: MatchRequest;
}) {
  const { t } = useTranslation('common');
  const medicine = useMedicine(link.medicineId);
  if (medicine.isPending) return <Spinner size="tiny" aria-label={t('busy')} />;
  if (!medicine.data || medicine.data.quantity < 1)
    return (
      <MessageBar intent="warning" data-testid="match-link-gone">
        <MessageBarBody>{t('needs.matches.gone')}</MessageBarBody>
      </MessageBar>
    );
  return (
    <section aria-label={t('needs.matches.linked')} data-testid="match-link">
      <BrowseCard
        medicine={medicine.data}
        actions={
          <RequestMedicineButton
            {...request}
            medicine={medicine.data}
            initiallyOpen={link.open}
            initialQuantity={Math.min(link.quantity, medicine.data.quantity)}
          />
        }
      />
    </section>
  );
}

/**
 * On a browse screen opened from a match (an e-mail digest, a notification): that listing first,
 * with the request dialog open and filled in. Nothing without the link's parameters.
 */
export function MatchDeepLink({ request }: { request: MatchRequest }) {
  const [params] = useSearchParams();
  const link = matchLinkOf(params);
  // A new link (another notification) is a new listing: keyed so the dialog opens again.
  return link ? <LinkedListing key={params.toString()} link={link} request={request} /> : null;
}
