import { z } from 'zod';
import { endpoint } from './common';

/** SIGNUP_MODE: who may create an account by themselves (docs/access.md). */
export const signupModes = ['open', 'domain', 'invite'] as const;
export type SignupMode = (typeof signupModes)[number];

/** Who may get in, as the login and sign-up screens need to know it (public: no secrets). */
export const AccessOptions = z.object({
  /** `open`: anyone may create a profile; `domain`: company addresses only; `invite`: by invitation only. */
  signupMode: z.enum(signupModes),
  /** The company's e-mail domains in `domain` mode (empty otherwise). */
  emailDomains: z.array(z.string()),
});
export type AccessOptions = z.infer<typeof AccessOptions>;

export const accessEndpoints = {
  options: endpoint({ method: 'GET', path: '/access/options', auth: 'guest', status: 200, response: AccessOptions }),
};
