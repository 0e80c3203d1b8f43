import { useTranslation } from 'react-i18next';
import { ApiError } from '@medrelay/api-client';
import { useRemote } from './role-app';

/** The server's message for a failed call (already in the page's language), else a fallback. */
export function errorDescription(error: unknown, fallback: string, networkError: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  // fetch rejects with a TypeError when the network or the gateway is unreachable.
  if (error instanceof TypeError) return networkError;
  return fallback;
}

/** Success and failure toasts of spec §8 (failures destructive, with the server's message). */
export function useNotify() {
  const { toast } = useRemote();
  const { t } = useTranslation('common');
  return {
    success: (title: string, description?: string) => toast({ title, description }),
    failure: (title: string, error: unknown, fallback: string = t('toast.error')) =>
      toast({
        title,
        description: errorDescription(error, fallback, t('toast.networkError')),
        intent: 'destructive',
      }),
  };
}
