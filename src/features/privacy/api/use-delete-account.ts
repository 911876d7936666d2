import { useNavigate } from '@tanstack/react-router';
import { callApi } from '../../../api/call-api';
import { privacyEndpoints, type AccountDeletion } from '../../../api/contract/privacy';
import { useApiMutation } from '../../../api/api-mutation';
import { useAuth } from '../../../api/use-auth';

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted';

/** 'Delete my account': on success this tab forgets the session and goes to the start page. */
export const useDeleteAccount = () => {
  const auth = useAuth();
  const navigate = useNavigate();
  return useApiMutation({
    call: (body: AccountDeletion) => callApi(privacyEndpoints.deleteAccount, { body }),
    invalidates: null,
    toasts: { category: 'delete', id: 'account-deletion', loading: false, success: ACCOUNT_DELETED_MESSAGE },
    then: async () => {
      await auth.signOut();
      await navigate({ to: '/', replace: true });
    },
  });
};
