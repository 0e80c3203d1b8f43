import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '@medrelay/api-client';
import type { RegistrationRejectionReason, User } from '@medrelay/contracts';
import { identityEndpoints as identity } from '@medrelay/contracts/endpoints';
import { useNotify } from '@medrelay/ui';
import { activityKey, allUsersKey, pendingKey, statsKey } from './keys';

/** The four decisions of spec §4 user status: pending → approved/rejected; suspend and re-approve. */
export type ReviewAction = 'approve' | 'reject' | 'suspend' | 'reapprove';

/** A decision on an account; a rejection of a registration carries why. */
export type Review =
  | { user: User; action: Exclude<ReviewAction, 'reject'> }
  | { user: User; action: 'reject'; reason: RegistrationRejectionReason };

const call: Record<ReviewAction, (id: number, reason?: RegistrationRejectionReason) => Promise<User>> = {
  approve: (id) => callApi(identity.approveUser, { params: { id } }),
  reject: (id, reason) => callApi(identity.rejectUser, { params: { id }, body: { reason: reason! } }),
  suspend: (id) => callApi(identity.setUserStatus, { params: { id }, body: { status: 'rejected' } }),
  reapprove: (id) => callApi(identity.setUserStatus, { params: { id }, body: { status: 'approved' } }),
};

/** Which actions an account in this status offers (the server enforces the same machine). */
export function actionsFor(user: User): ReviewAction[] {
  // An admin's status is not changed here; a deleted account has nothing left to decide on.
  if (user.userType === 'admin' || user.deletedAt) return [];
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
  // Awaited: a decision settles once the lists show it (the row's focus moves on then).
  const refresh = () =>
    Promise.all(
      [pendingKey, statsKey, activityKey, allUsersKey].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation({
    mutationFn: (review: Review) =>
      call[review.action](review.user.id, review.action === 'reject' ? review.reason : undefined),
    onSuccess: async (_, { action }) => {
      notify.success(t(success(action)));
      await refresh();
    },
    onError: async (error, { action }) => {
      notify.failure(t(failure(action)), error);
      // A 409: another administrator reviewed the account first; the lists show what it is now.
      if (error instanceof ApiError && error.status === 409) await refresh();
    },
  });
}
