import { z } from 'zod';
import { MessageBody, endpoint } from './common';
import * as field from './fields';
import { User } from './users';

export const SigninBody = z.object({ email: field.email, password: field.loginPassword });
export type SigninBody = z.infer<typeof SigninBody>;

/** Response of signin, signup and refresh: the session the SPA keeps in memory. */
export const AuthSession = z.object({ accessToken: z.string().min(1), user: User });
export type AuthSession = z.infer<typeof AuthSession>;

/** Multipart fields of POST /auth/signup (the photo travels as a file part named `photo`). */
export const SignupBody = z.object({
  firstName: field.firstName,
  lastName: field.lastName,
  dateOfBirth: field.dateOfBirth,
  gender: field.gender,
  email: field.email,
  password: field.newPassword,
  levelOfCompetition: field.levelOfCompetition,
});
export type SignupBody = z.infer<typeof SignupBody>;

const passwordsMatch = (value: { password: string; confirmPassword: string }) => !value.confirmPassword || value.password === value.confirmPassword;
/** `when`: the check also runs while other fields are still invalid, so the form shows it at once. */
const passwordsMatchParams = {
  path: ['confirmPassword'],
  message: "Passwords don't match",
  when: ({ value }: { value: unknown }) => {
    const form = value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof form?.password === 'string' && typeof form.confirmPassword === 'string';
  },
};

/** The signup form: the body plus the confirmation the server never sees. */
export const SignupForm = SignupBody.extend({ confirmPassword: field.confirmPassword }).refine(passwordsMatch, passwordsMatchParams);
export type SignupForm = z.infer<typeof SignupForm>;

export const ForgotPasswordBody = z.object({ email: field.email });
export const ResetTokenQuery = z.object({ token: z.string('Reset token is required').trim().min(1, 'Reset token is required').max(256, 'Reset token is invalid') });
export const ResetPasswordBody = z.object({ newPassword: field.newPassword });
export const ResetPasswordForm = z
  .object({ password: field.newPassword, confirmPassword: field.confirmPassword })
  .refine(passwordsMatch, passwordsMatchParams);
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

export const TokenCheck = z.object({ valid: z.literal(true) });

export const authEndpoints = {
  signin: endpoint({ method: 'POST', path: '/auth/signin', auth: 'guest', body: SigninBody, status: 200, response: AuthSession }),
  signup: endpoint({ method: 'POST', path: '/auth/signup', auth: 'guest', body: SignupBody, multipart: true, status: 201, response: AuthSession }),
  signout: endpoint({ method: 'POST', path: '/auth/signout', auth: 'guest', status: 204, response: null }),
  refresh: endpoint({ method: 'POST', path: '/auth/refresh', auth: 'guest', status: 200, response: AuthSession }),
  forgotPassword: endpoint({ method: 'POST', path: '/auth/forgot-password', auth: 'guest', body: ForgotPasswordBody, status: 202, response: MessageBody }),
  checkResetToken: endpoint({ method: 'GET', path: '/auth/forgot-password', auth: 'guest', query: ResetTokenQuery, status: 200, response: TokenCheck }),
  resetPassword: endpoint({ method: 'PUT', path: '/auth/reset-password', auth: 'guest', query: ResetTokenQuery, body: ResetPasswordBody, status: 200, response: MessageBody }),
};
