import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { usersEndpoints, type AdminUserUpdate } from '../../../api/contract/users';
import { succeedAndInvalidate, toastsFor } from '../../../api/mutation-toasts';
import { adminUsersQueries } from './admin-users-queries';

/** PUT /users/:id from the 'Update user' modal; 400 field issues are shown by the form. */
export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminUserUpdate }) => callApi(usersEndpoints.update, { params: { id }, body }),
    ...toastsFor('update'),
    onSuccess: succeedAndInvalidate(queryClient, 'update', adminUsersQueries.all()),
  });
};
