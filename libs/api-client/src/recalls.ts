import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Recall, RecallCreate } from '@medrelay/contracts';
import { catalogEndpoints } from '@medrelay/contracts/endpoints';
import { callApi, routeKey } from './call';
import type { Page } from './http';

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
      ]),
  });
}

export const useIssueRecall = () =>
  useRecallMutation((body: RecallCreate) => callApi(catalogEndpoints.issueRecall, { body }));

export const useLiftRecall = () =>
  useRecallMutation((id: number) => callApi(catalogEndpoints.liftRecall, { params: { id } }));
