import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { phoneAppsEndpoints } from '../../../api/contract/phone-apps';

/** The one query-key factory of the employee's import tokens; mutations invalidate `importTokenQueries.all()`. */
export const importTokenQueries = {
  all: () => ['import-tokens'] as const,
  list: () => queryOptions({ queryKey: importTokenQueries.all(), queryFn: ({ signal }) => callApi(phoneAppsEndpoints.tokens, { signal }) }),
};
