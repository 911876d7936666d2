import { callApi } from '../../../api/call-api';
import { phoneAppsEndpoints } from '../../../api/contract/phone-apps';
import { useApiMutation } from '../../../api/api-mutation';
import { importTokenQueries } from './import-token-queries';

/** 'Revoke': the token leaves the list at once; the app using it is refused from its next push. */
export const useRevokeImportToken = () =>
  useApiMutation({
    call: (id: number) => callApi(phoneAppsEndpoints.revokeToken, { params: { id } }),
    update: (queryClient, list) => queryClient.setQueryData(importTokenQueries.list().queryKey, list),
    invalidates: importTokenQueries.all(),
    toasts: { category: 'delete', success: 'Token revoked' },
  });
