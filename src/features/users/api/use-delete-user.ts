import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { usersEndpoints } from '../../../api/contract/users';
import { succeedAndInvalidate, toastsFor } from '../../../api/mutation-toasts';
import { adminUsersQueries } from './admin-users-queries';

/** DELETE /users/:id, then the table refetches its page (SPEC 7). */
export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(usersEndpoints.remove, { params: { id } }),
    ...toastsFor('delete'),
    onSuccess: succeedAndInvalidate(queryClient, 'delete', adminUsersQueries.all()),
  });
};
