import { callApi } from '../../../api/call-api';
import { type QuarterlyBonus } from '../../../api/contract/users';
import { bonusEndpoints } from '../../../api/contract/bonus';
import { adminUsersQueries } from './admin-users-queries';
import { useApiMutation } from '../../../api/api-mutation';

/** Lets the table show every row whose flags are being saved (useMutationState). */
export const BONUS_MUTATION_KEY = ['admin-users', 'quarterly-bonus'] as const;

/** PUT /users/:id/quarterly-bonus with all four flags, then the list is refetched (docs/product-rules.md#quarterly-bonus). */
export const useSetQuarterlyBonus = () =>
  useApiMutation({
    mutationKey: BONUS_MUTATION_KEY,
    call: ({ id, flags }: { id: number; flags: QuarterlyBonus }) =>
      callApi(bonusEndpoints.quarterlyBonus, { params: { id }, body: { newQuarterlyBonusData: flags } }),
    invalidates: adminUsersQueries.all(),
    toasts: { category: 'update' },
  });
