import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { invitationEndpoints, type InviteBody } from '../../../api/contract';
import { useApiMutation } from '../../../api/api-mutation';

export const invitationQueries = {
  all: () => ['access', 'invitations'] as const,
  list: (page: number) =>
    queryOptions({
      queryKey: [...invitationQueries.all(), page] as const,
      queryFn: ({ signal }) => callApi(invitationEndpoints.list, { query: { page, pageSize: 10 }, signal }),
      placeholderData: keepPreviousData,
    }),
  details: (token: string) =>
    queryOptions({
      queryKey: ['access', 'invitation', token] as const,
      queryFn: ({ signal }) => callApi(invitationEndpoints.details, { query: { token }, signal }),
      // The page explains a bad link itself.
      meta: { errorToast: false },
      retry: false,
      staleTime: Infinity,
    }),
};

export const useInvite = () =>
  useApiMutation({
    call: (body: InviteBody) => callApi(invitationEndpoints.invite, { body }),
    invalidates: invitationQueries.all(),
    toasts: { category: 'create', id: 'invite', success: (invitation) => `Invitation sent to ${invitation.email}` },
  });

export const useResendInvitation = () =>
  useApiMutation({
    call: (id: number) => callApi(invitationEndpoints.resend, { params: { id } }),
    invalidates: invitationQueries.all(),
    toasts: { category: 'update', id: (id) => `resend-${id}`, success: (invitation) => `A new link was sent to ${invitation.email}` },
  });

export const useRevokeInvitation = () =>
  useApiMutation({
    call: (id: number) => callApi(invitationEndpoints.revoke, { params: { id } }),
    invalidates: invitationQueries.all(),
    toasts: { category: 'delete', id: (id) => `revoke-${id}`, success: 'Invitation revoked' },
  });

export const usePreviewRoster = () =>
  useApiMutation({
    call: (csv: string) => callApi(invitationEndpoints.previewRoster, { body: { csv } }),
    invalidates: null,
    // The preview shows itself under the file input: only a failure toasts.
    toasts: { category: 'fetch', id: 'roster-preview', loading: false, success: false },
  });

export const useImportRoster = () =>
  useApiMutation({
    call: (csv: string) => callApi(invitationEndpoints.importRoster, { body: { csv } }),
    invalidates: invitationQueries.all(),
    toasts: {
      category: 'create',
      id: 'roster-import',
      loading: 'Sending invitations...',
      success: (result) => `${result.invited} invitation${result.invited === 1 ? '' : 's'} sent`,
    },
  });
