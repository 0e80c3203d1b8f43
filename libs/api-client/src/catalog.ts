import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Medicine,
  MedicineBrowseQuery,
  MedicineCreateInput,
  MedicineUpdateInput,
  ListPageQuery,
  OwnMedicineSummary,
} from '@medrelay/contracts';
import { catalogEndpoints as catalog } from '@medrelay/contracts/endpoints';
import { callApi, routeKey } from './call';
import { apiPage, apiSend, type Page } from './http';
import { getQueryFn } from './query-client';

/** Query keys of the catalog: the API path first (spec §7), its query as the second element. */
export const catalogKeys = {
  /** Prefix of every browse page. */
  all: routeKey(catalog.browseMedicines),
  browse: (params: MedicineBrowseParams) => routeKey(catalog.browseMedicines, { query: params }),
  /** Prefix of every page of the own list. */
  mine: routeKey(catalog.myMedicines),
  minePage: (params: MyMedicinesParams) => routeKey(catalog.myMedicines, { query: params }),
  mySummary: routeKey(catalog.myMedicineSummary),
  expiring: routeKey(catalog.expiringMedicines),
  one: (id: number) => routeKey(catalog.medicine, { params: { id } }),
};

/** One listing by id (a match's deep link opens it); the caller must be allowed to see it. */
export function useMedicine(id: number | null) {
  return useQuery<Medicine>({
    queryKey: catalogKeys.one(id ?? 0),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

/** Browse filters as the screens set them; unset ones are left out of the query string. */
export type MedicineBrowseParams = Partial<
  Pick<
    MedicineBrowseQuery,
    'q' | 'source' | 'sort' | 'order' | 'page' | 'pageSize' | 'recipientType' | 'lat' | 'lng' | 'radiusKm'
  >
> & { urgent?: boolean };

/** Rows per page of the owners' lists on screen (the API's default too). */
export const myMedicinesPageSize = 20;

/** A page of the own list: page 1 and the default page size unless set. */
export type MyMedicinesParams = Partial<Pick<ListPageQuery, 'page' | 'pageSize'>>;

/**
 * Every list a change of stock can alter (spec §4: own medicines and expiring medicines are
 * refetched after mutations; browse lists show quantities too). Prefix keys match every query.
 */
export function refetchStockLists(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: catalogKeys.mine }),
    client.invalidateQueries({ queryKey: catalogKeys.mySummary }),
    client.invalidateQueries({ queryKey: catalogKeys.expiring }),
    client.invalidateQueries({ queryKey: catalogKeys.all }),
  ]);
}

/**
 * A page of own listings, newest first, with the total (`X-Total-Count`); afresh when a screen
 * opens (approvals by others change quantities).
 */
export function useMyMedicines(params: MyMedicinesParams = {}, { enabled = true } = {}) {
  return useQuery<Page<Medicine>>({
    queryKey: catalogKeys.minePage(params),
    enabled,
    queryFn: getQueryFn({ on401: 'throw' }, apiPage<Medicine>),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** The owner's figures (counts, units, urgent stock) summed by the catalog: no list downloaded. */
export function useMyMedicineSummary() {
  return useQuery<OwnMedicineSummary>({ queryKey: catalogKeys.mySummary, refetchOnMount: 'always' });
}

/** A page of medicines offered to the caller, with the total for paging (`X-Total-Count`). */
export function useBrowseMedicines(params: MedicineBrowseParams) {
  return useQuery<Page<Medicine>>({
    queryKey: catalogKeys.browse(params),
    // The default loader's guards (no call without a session), reading the total too.
    queryFn: getQueryFn({ on401: 'throw' }, apiPage<Medicine>),
    // Keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // Others list and take stock all the time: a screen opened shows what is offered now.
    refetchOnMount: 'always',
  });
}

/**
 * A listing's photo as a Blob, fetched with the session's token: the catalog serves a photo only
 * to who may see its listing, and an <img src> cannot send the token itself.
 */
export async function loadMedicinePhoto(url: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiSend('GET', url, undefined, signal)).blob();
}

/** Sends a photo as the raw body (the catalog checks its bytes and size). */
export function uploadMedicinePhoto(id: number, photo: Blob) {
  return callApi(catalog.uploadMedicinePhoto, { params: { id }, body: photo });
}

/** Uploads the photo of a medicine just saved; a refused photo leaves the saved medicine as it is. */
async function withPhoto(medicine: Medicine, photo: Blob | null | undefined) {
  if (!photo) return { medicine, photoError: null };
  try {
    return { medicine: await uploadMedicinePhoto(medicine.id, photo), photoError: null };
  } catch (error) {
    return { medicine, photoError: error as Error };
  }
}

export interface MedicineSave<T> {
  values: T;
  /** Optional photo, uploaded once the medicine is saved. */
  photo?: Blob | null;
}

/**
 * Lists a medicine (or a donation), then uploads its photo. A photo refused after the listing
 * was saved is reported with the listing kept (`photoError`), so the form is not sent twice.
 */
export function useCreateMedicine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, photo }: MedicineSave<MedicineCreateInput>) => {
      const medicine = await callApi(catalog.createMedicine, { body: values });
      return withPhoto(medicine, photo);
    },
    onSettled: () => refetchStockLists(client),
  });
}

/**
 * The owner's edit of a listing, then its new photo if one was chosen. Like a new listing, saved
 * fields stay saved when the photo is refused (`photoError`); a photo alone that fails rejects.
 */
export function useUpdateMedicine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values, photo }: MedicineSave<MedicineUpdateInput> & { id: number }) => {
      // A photo alone is no edit of the fields (the API refuses an empty change).
      if (!Object.keys(values).length)
        return { medicine: await uploadMedicinePhoto(id, photo!), photoError: null };
      const medicine = await callApi(catalog.updateMedicine, { params: { id }, body: values });
      return withPhoto(medicine, photo);
    },
    onSettled: () => refetchStockLists(client),
  });
}

/** Takes a listing off the market; the row stays for requests and history. */
export function useUnlistMedicine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(catalog.unlistMedicine, { params: { id } }),
    onSettled: () => refetchStockLists(client),
  });
}
