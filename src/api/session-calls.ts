import { callApi } from './call-api';
import { AuthSession, authEndpoints } from './contract';

/**
 * The session's calls that need the contract, fetched when first used: a guest's first load
 * restores nothing (the refresh answers 401) and so never loads zod, ky or the contract.
 */
export const parseAuthSession = (body: unknown): AuthSession => AuthSession.parse(body);
export const signOutCall = () => callApi(authEndpoints.signout);
