import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@medrelay/api-client';
import type { User } from '@medrelay/contracts';
import { useNotify } from '@medrelay/ui';
import { activityKey, allUsersPath, pendingKey, statsKey } from './keys';

/** The four decisions of spec §4 user status: pending → approved/rejected; suspend and re-approve. */
export type ReviewAction = 'approve' | 'reject' | 'suspend' | 'reapprove';

const call: Record<ReviewAction, (id: number) => Promise<User>> = {
  approve: (id) => apiRequest('PUT', `/api/admin/users/${id}/approve`),
  reject: (id) => apiRequest('PUT', `/api/admin/users/${id}/reject`),
  suspend: (id) => apiRequest('PUT', `/api/admin/users/${id}/status`, { status: 'rejected' }),
  reapprove: (id) => apiRequest('PUT', `/api/admin/users/${id}/status`, { status: 'approved' }),
};

/** Which actions an account in this status offers (the server enforces the same machine). */
export function actionsFor(user: User): ReviewAction[] {
  if (user.userType === 'admin') return [];
  if (user.status === 'pending') return ['approve', 'reject'];
  if (user.status === 'approved') return ['suspend'];
  return ['reapprove'];
}

/** Runs a decision with the §8 toasts and refreshes every list and figure it changes. */
export function useReviewUser() {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const client = useQueryClient();
  // Approve and Reject from the review lists keep their own spec §8 texts; the rest is a status change.
  const success = (action: ReviewAction) =>
    action === 'approve'
      ? 'approvals.approved'
      : action === 'reject'
        ? 'approvals.rejected'
        : 'users.updated';
  const failure = (action: ReviewAction) =>
    action === 'approve'
      ? 'approvals.approveFailed'
      : action === 'reject'
        ? 'approvals.rejectFailed'
        : 'users.updateFailed';
  return useMutation({
    mutationFn: ({ user, action }: { user: User; action: ReviewAction }) => call[action](user.id),
    onSuccess: (_, { action }) => {
      notify.success(t(success(action)));
      for (const queryKey of [pendingKey, statsKey, activityKey, [allUsersPath]]) {
        void client.invalidateQueries({ queryKey });
      }
    },
    onError: (error, { action }) => notify.failure(t(failure(action)), error),
  });
}
