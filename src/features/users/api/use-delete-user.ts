import { callApi } from '../../../api/call-api';
import { usersEndpoints } from '../../../api/contract/users';
import { adminUsersQueries } from './admin-users-queries';
import { useApiMutation } from '../../../api/api-mutation';

/** DELETE /users/:id, then the table refetches its page (docs/product-rules.md#users-management). */
export const useDeleteUser = () =>
  useApiMutation({
    call: (id: number) => callApi(usersEndpoints.remove, { params: { id } }),
    invalidates: adminUsersQueries.all(),
    toasts: { category: 'delete' },
  });
