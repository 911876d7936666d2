import { z } from 'zod';
import { MessageBody, endpoint } from './common';

/** SIGNUP_MODE: who may create an account by themselves (docs/access.md). */
export const signupModes = ['open', 'domain', 'invite'] as const;
export type SignupMode = (typeof signupModes)[number];

/** Who may get in, as the login and sign-up screens need to know it (public: no secrets). */
export const AccessOptions = z.object({
  /** `open`: anyone may create a profile; `domain`: company addresses only; `invite`: by invitation only. */
  signupMode: z.enum(signupModes),
  /** The company's e-mail domains in `domain` mode (empty otherwise). */
  emailDomains: z.array(z.string()),
  /** False when PASSWORD_SIGNIN=false: the login form, sign-up and 'Forgot password?' give way to single sign-on. */
  passwordSignin: z.boolean(),
  /** Single sign-on, when OIDC_ISSUER is set: the login page's 'Sign in with <label>' button. */
  sso: z.object({ label: z.string() }).nullable(),
});
export type AccessOptions = z.infer<typeof AccessOptions>;

/**
 * Whether the signed-in account's address is confirmed (the SPA shows a banner until it is), and a
 * new address waiting for its link (the profile shows it; docs/access.md#changing-the-e-mail-address).
 */
export const ConfirmationStatus = z.object({ emailConfirmed: z.boolean(), pendingEmail: z.string().nullable() });
export type ConfirmationStatus = z.infer<typeof ConfirmationStatus>;

/** A link's token, as the mail carries it (the confirmation and invitation pages post it back). */
const linkToken = (what: string) => z.string(`${what} token is required`).trim().min(1, `${what} token is required`).max(256, `${what} token is invalid`);
export const ConfirmEmailBody = z.object({ token: linkToken('Confirmation') });

export const accessEndpoints = {
  options: endpoint({ method: 'GET', path: '/access/options', auth: 'guest', status: 200, response: AccessOptions }),
  confirmation: endpoint({ method: 'GET', path: '/access/confirmation', auth: 'any', status: 200, response: ConfirmationStatus }),
  /** 'Send the link again' (rate limited per account): the unconfirmed address's link, or the pending new address's. */
  resendConfirmation: endpoint({ method: 'POST', path: '/access/confirmation', auth: 'any', status: 202, response: MessageBody }),
  /** The mail's link: works signed in or not (it may be opened on another device). A new address's link changes the account's address. */
  confirmEmail: endpoint({ method: 'POST', path: '/access/confirm-email', auth: 'guest', body: ConfirmEmailBody, status: 200, response: MessageBody }),
};
