import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { Product, ProductUpdate } from '@medrelay/contracts';
import { catalogEndpoints } from '@medrelay/contracts/endpoints';
import { callApi, routeKey } from './call';
import { ApiError, type Page } from './http';

/**
 * What the product dictionary knows of a scanned GTIN (name, dosage form), or null when it
 * knows nothing yet (404): a scan then fills only what the code itself carries.
 */
export async function lookupProduct(gtin: string, signal?: AbortSignal): Promise<Product | null> {
  try {
    return await callApi(catalogEndpoints.product, { params: { gtin }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export interface ProductListParams {
  q?: string;
  page?: number;
  pageSize?: number;
}

/** The admin's page of the dictionary, with the total (`X-Total-Count`). */
export function useAdminProducts(params: ProductListParams) {
  return useQuery<Page<Product>>({
    queryKey: routeKey(catalogEndpoints.products, { query: params }),
    queryFn: ({ signal }) => callApi(catalogEndpoints.products, { query: params, signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** An admin's correction of an entry (kept over what later listings say). */
export function useCorrectProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ gtin, values }: { gtin: string; values: ProductUpdate }) =>
      callApi(catalogEndpoints.correctProduct, { params: { gtin }, body: values }),
    onSettled: () => client.invalidateQueries({ queryKey: routeKey(catalogEndpoints.products) }),
  });
}
