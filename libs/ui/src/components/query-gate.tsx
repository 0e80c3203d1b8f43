import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorDescription } from '../use-notify';
import { CenteredSpinner } from './centered-spinner';
import { ErrorState } from './error-state';

/** A screen's data: the spinner while it loads, a clear error with retry, then the content. */
export function QueryGate<T>({
  query,
  failedTitle,
  children,
}: {
  query: UseQueryResult<T>;
  failedTitle: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('common');
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError)
    return (
      <ErrorState
        title={failedTitle}
        body={errorDescription(query.error, t('toast.error'), t('toast.networkError'))}
        onRetry={() => void query.refetch()}
      />
    );
  return <>{children(query.data)}</>;
}
