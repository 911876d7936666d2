import { callApi } from '../../../api/call-api';
import { usersEndpoints, type AdminUserUpdate } from '../../../api/contract/users';
import { adminUsersQueries } from './admin-users-queries';
import { useApiMutation } from '../../../api/api-mutation';

/** PUT /users/:id from the 'Update user' modal; 400 field issues are shown by the form. */
export const useUpdateUser = () =>
  useApiMutation({
    call: ({ id, body }: { id: number; body: AdminUserUpdate }) => callApi(usersEndpoints.update, { params: { id }, body }),
    invalidates: adminUsersQueries.all(),
    toasts: { category: 'update' },
  });
