import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { productPaths, type Product, type ProductUpdate } from '@medrelay/contracts';
import { ApiError, apiPage, apiRequest, type Page } from './http';
import { getQueryFn } from './query-client';

/**
 * What the product dictionary knows of a scanned GTIN (name, dosage form), or null when it
 * knows nothing yet (404): a scan then fills only what the code itself carries.
 */
export async function lookupProduct(gtin: string, signal?: AbortSignal): Promise<Product | null> {
  try {
    return await apiRequest<Product>('GET', productPaths.lookup(gtin), undefined, signal);
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
    queryKey: [productPaths.adminList, params],
    queryFn: getQueryFn({ on401: 'throw' }, apiPage<Product>),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** An admin's correction of an entry (kept over what later listings say). */
export function useCorrectProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ gtin, values }: { gtin: string; values: ProductUpdate }) =>
      apiRequest<Product>('PUT', productPaths.adminEntry(gtin), values),
    onSettled: () => client.invalidateQueries({ queryKey: [productPaths.adminList] }),
  });
}
