import { callApi } from '../../../api/call-api';
import { privacyEndpoints } from '../../../api/contract/privacy';
import { useApiMutation } from '../../../api/api-mutation';
import { privacyQueries } from './privacy-queries';

/** 'Download my data': starts preparing the archive; the section then shows 'Preparing…' until it is ready. */
export const useRequestExport = () =>
  useApiMutation({
    call: () => callApi(privacyEndpoints.requestExport),
    update: (queryClient, status) => queryClient.setQueryData(privacyQueries.export().queryKey, status),
    invalidates: null,
    toasts: { category: 'create', loading: false, success: false },
  });
