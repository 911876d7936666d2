import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { type QuarterlyBonus } from '../../../api/contract/users';
import { bonusEndpoints } from '../../../api/contract/bonus';
import { succeedAndInvalidate, toastsFor } from '../../../api/mutation-toasts';
import { adminUsersQueries } from './admin-users-queries';

/** Lets the table show every row whose flags are being saved (useMutationState). */
export const BONUS_MUTATION_KEY = ['admin-users', 'quarterly-bonus'] as const;

/** PUT /users/:id/quarterly-bonus with all four flags, then the list is refetched (SPEC 7). */
export const useSetQuarterlyBonus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: BONUS_MUTATION_KEY,
    mutationFn: ({ id, flags }: { id: number; flags: QuarterlyBonus }) =>
      callApi(bonusEndpoints.quarterlyBonus, { params: { id }, body: { newQuarterlyBonusData: flags } }),
    ...toastsFor('update'),
    onSuccess: succeedAndInvalidate(queryClient, 'update', adminUsersQueries.all()),
  });
};
