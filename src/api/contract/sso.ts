import { z } from 'zod';
import { endpoint } from './common';
import * as field from './fields';
import { AuthSession } from './auth';

/** Where the identity provider sends the browser back (register it with the provider): APP_ORIGIN + this path. */
export const SSO_CALLBACK_PATH = '/sso/callback';

/** 'Sign in with <label>': where the browser goes next (the provider's authorization endpoint). */
export const SsoStart = z.object({ authorizationUrl: z.string().url() });
export type SsoStart = z.infer<typeof SsoStart>;

/** The callback page posts the query string the provider sent it back with (`?code=...&state=...`). */
export const SsoCallbackBody = z.object({ search: z.string('The sign-in answer is missing').min(1, 'The sign-in answer is missing').max(4096, 'The sign-in answer is too long') });

/**
 * A person the provider vouched for who has no account yet: the sign-up policy lets them in, and
 * they complete their profile before the account exists. `levelOfCompetition` is the invitation's
 * when there is one (null: they choose).
 */
export const SsoProfile = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  levelOfCompetition: field.levelOfCompetition.nullable(),
});
export type SsoProfile = z.infer<typeof SsoProfile>;

export const SsoCallbackResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed-in'), session: AuthSession }),
  z.object({ status: z.literal('profile-required'), profile: SsoProfile }),
  /**
   * 'Confirm with <label>' came back: the signed-in person just typed their company credentials again
   * at the provider; the new session is the recent sign-in 'Delete my account' asks for.
   */
  z.object({ status: z.literal('reauthenticated'), session: AuthSession }),
]);
export type SsoCallbackResult = z.infer<typeof SsoCallbackResult>;

/** Multipart fields that complete an SSO newcomer's profile (the photo travels as a file part named `photo`). */
export const SsoProfileBody = z.object({
  firstName: field.firstName,
  lastName: field.lastName,
  dateOfBirth: field.dateOfBirth,
  gender: field.gender,
  levelOfCompetition: field.levelOfCompetition,
});
export type SsoProfileBody = z.infer<typeof SsoProfileBody>;

export const ssoEndpoints = {
  /** Opens a sign-in attempt (state, nonce and PKCE verifier kept in a sealed cookie) and names the provider's page. */
  start: endpoint({ method: 'POST', path: '/auth/sso/start', auth: 'guest', status: 200, response: SsoStart }),
  /**
   * 'Confirm with <label>' (an employee, before deleting their account): the provider's page with
   * `prompt=login` and `max_age=0`, so the person signs in there again whatever session they hold.
   * Outside /auth: it is called with the access token, and sets the attempt cookie of /api/auth/sso.
   */
  reauthenticate: endpoint({ method: 'POST', path: '/sso/reauthenticate', auth: 'user', status: 200, response: SsoStart }),
  /** Redeems the provider's answer: signs in an existing account, asks a newcomer for their profile, or confirms a signed-in employee again. */
  callback: endpoint({ method: 'POST', path: '/auth/sso/callback', auth: 'guest', body: SsoCallbackBody, status: 200, response: SsoCallbackResult }),
  /** The newcomer's details from the provider (for the profile form after a reload). */
  profile: endpoint({ method: 'GET', path: '/auth/sso/profile', auth: 'guest', status: 200, response: SsoProfile }),
  /** Creates the account (confirmed by construction) and signs it in. */
  completeProfile: endpoint({ method: 'POST', path: '/auth/sso/profile', auth: 'guest', body: SsoProfileBody, multipart: true, status: 201, response: AuthSession }),
};
