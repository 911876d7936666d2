import { callApi } from '../../../api/call-api';
import { phoneAppsEndpoints, type ImportTokenCreate } from '../../../api/contract/phone-apps';
import { useApiMutation } from '../../../api/api-mutation';
import { importTokenQueries } from './import-token-queries';

/** 'Create token': the answer carries the token this once; the section shows it (no toast but a refusal's). */
export const useCreateImportToken = () =>
  useApiMutation({
    call: (body: ImportTokenCreate) => callApi(phoneAppsEndpoints.createToken, { body }),
    invalidates: importTokenQueries.all(),
    toasts: { category: 'create', id: 'create-import-token', loading: false, success: false },
  });
