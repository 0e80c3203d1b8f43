import { useQuery } from '@tanstack/react-query';
import type { User } from '@medrelay/contracts';
import { pendingKey, refetchOnOpen } from './keys';

/**
 * The accounts waiting for review, asked again whenever a screen using it opens; the sidebar
 * badge shares the query, so opening the dashboard or User Approvals refreshes it too.
 */
export function usePendingUsers() {
  return useQuery<User[]>({ queryKey: pendingKey, ...refetchOnOpen });
}
