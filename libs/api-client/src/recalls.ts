import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  gtinDigits,
  type BatchRecall,
  type Recall,
  type RecallCreate,
  type RecallNotice,
  type RecallPreview,
  type RecallReach,
} from '@medrelay/contracts';
import { catalogEndpoints, requestEndpoints } from '@medrelay/contracts/endpoints';
import { validGtin } from '@medrelay/domain/gtin';
import { callApi, isRoutePath, routeKey } from './call';
import type { Page } from './http';
import { requestKeys } from './requests';

/** The admin's page of recalls, newest first, with the total (`X-Total-Count`). */
export function useRecalls(params: { page?: number; pageSize?: number }) {
  return useQuery<Page<Recall>>({
    queryKey: routeKey(catalogEndpoints.recalls, { query: params }),
    queryFn: ({ signal }) => callApi(catalogEndpoints.recalls, { query: params, signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** Listings change with a recall: every medicines list is asked again, and the history. */
function useRecallMutation<T>(call: (value: T) => Promise<Recall>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: routeKey(catalogEndpoints.recalls) }),
        client.invalidateQueries({ queryKey: routeKey(catalogEndpoints.allMedicines) }),
        refetchRecallReach(client),
      ]),
  });
}

export const useIssueRecall = () =>
  useRecallMutation((body: RecallCreate) => callApi(catalogEndpoints.issueRecall, { body }));

/**
 * The dry run of a recall (nothing written): what issuing it would quarantine now, shown to the
 * admin to confirm before `useIssueRecall` sends it.
 */
export const useRecallPreview = () =>
  useMutation<RecallPreview, Error, RecallCreate>({
    mutationFn: (body) => callApi(catalogEndpoints.previewRecall, { body }),
  });

export const useLiftRecall = () =>
  useRecallMutation((id: number) => callApi(catalogEndpoints.liftRecall, { params: { id } }));

export const recallKeys = {
  reach: (id: number) => routeKey(requestEndpoints.recallReach, { params: { id } }),
  mine: routeKey(requestEndpoints.myRecallNotices),
};

/**
 * What a recall (one, or any) changes for those it reached: the admin's reach, the
 * caller's notices and the flagged rows of their requests. The live 'recall' event calls it too.
 */
export function refetchRecallReach(client: QueryClient, recallId?: number) {
  return Promise.all([
    recallId
      ? client.invalidateQueries({ queryKey: recallKeys.reach(recallId) })
      : client.invalidateQueries({
          predicate: (query) => isRoutePath(requestEndpoints.recallReach, query.queryKey[0]),
        }),
    client.invalidateQueries({ queryKey: recallKeys.mine }),
    client.invalidateQueries({ queryKey: requestKeys.mine }),
    client.invalidateQueries({ queryKey: requestKeys.transactions }),
  ]);
}

/** How often a recall's reach is asked again while its event is on its way to svc-requests. */
export const reachPendingRefetchMs = 2000;
/** How long after issuing that is worth waiting for: an older recall without reach predates it. */
export const reachPendingForMs = 2 * 60 * 1000;

/**
 * Who a recall reached and who has acknowledged (admins); null while nobody is recorded yet. A
 * recall issued moments ago is asked again meanwhile; one issued before reach was recorded stays null.
 */
export function useRecallReach(recall: { id: number; createdAt: string }, enabled = true) {
  return useQuery<RecallReach | null>({
    queryKey: recallKeys.reach(recall.id),
    queryFn: ({ signal }) => callApi(requestEndpoints.recallReach, { params: { id: recall.id }, signal }),
    enabled,
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data === null && Date.now() - Date.parse(recall.createdAt) < reachPendingForMs
        ? reachPendingRefetchMs
        : false,
  });
}

/**
 * Sends the next round of the recall's notice to everyone who has not acknowledged. The round is
 * the one after what the screen shows, so a double click sends once; the answer is the new reach.
 */
export function useResendRecallNotices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ recallId, round }: { recallId: number; round: number }) =>
      callApi(requestEndpoints.resendRecallNotices, { params: { id: recallId }, body: { round } }),
    onSuccess: (reach) => {
      const { resent: _resent, ...rest } = reach;
      client.setQueryData<RecallReach | null>(recallKeys.reach(reach.recallId), rest);
    },
    onError: (_error, { recallId }) => client.invalidateQueries({ queryKey: recallKeys.reach(recallId) }),
  });
}

/** The recalls in force that reached the caller (to acknowledge from a notice); loaded while `enabled`. */
export function useMyRecallNotices(enabled = true) {
  return useQuery<RecallNotice[]>({
    queryKey: recallKeys.mine,
    queryFn: ({ signal }) => callApi(requestEndpoints.myRecallNotices, { signal }),
    enabled,
    refetchOnMount: 'always',
  });
}

/** The caller confirms the recalled units they hold are set aside; notices and flagged rows follow. */
export function useAcknowledgeRecall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recallId: number) =>
      callApi(requestEndpoints.acknowledgeRecall, { params: { id: recallId } }),
    onSuccess: (notice) =>
      client.setQueryData<RecallNotice[]>(recallKeys.mine, (list) =>
        list?.map((n) => (n.recallId === notice.recallId ? notice : n)),
      ),
    onSettled: (_notice, _error, recallId) => refetchRecallReach(client, recallId),
  });
}

/**
 * Whether an active recall covers a pack's batch (the listing form's warning): asked once both
 * codes look complete; null until then.
 */
export function useBatchRecall(gtin: string | null | undefined, batch: string | null | undefined) {
  const code = gtinDigits(gtin ?? '');
  const lot = (batch ?? '').trim();
  const ready = validGtin(code) && lot.length > 0;
  return useQuery<BatchRecall>({
    // Until both codes are complete the path cannot be filled: a key of its own, never fetched.
    queryKey: ready
      ? routeKey(catalogEndpoints.batchRecall, { params: { gtin: code }, query: { batch: lot } })
      : [catalogEndpoints.batchRecall.path],
    queryFn: ({ signal }) =>
      callApi(catalogEndpoints.batchRecall, { params: { gtin: code }, query: { batch: lot }, signal }),
    enabled: ready,
    // A recall issued while the form is open shows the next time the codes change or the form opens.
    staleTime: 60_000,
  });
}
