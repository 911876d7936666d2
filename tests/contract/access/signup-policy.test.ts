import { accessEndpoints } from '@/contract/access';
import { authEndpoints } from '@/contract/auth';
import { INVITATION_REQUIRED_MESSAGE } from '@/domain/access-policy';
import { DEFAULT_NOW, expectError, expectSuccess, targets, useTarget } from '../harness';

const signupForm = (email: string) => {
  const form = new FormData();
  const fields = { firstName: 'Nora', lastName: 'Newcomer', dateOfBirth: '1990-06-15', gender: 'female', email, password: 'Secret123!', levelOfCompetition: 'Intermediate' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

/** Nothing was created: the address cannot sign in (same answer as an unknown e-mail). */
const expectNoAccount = async (target: (typeof targets)[number], email: string) => {
  expectError(await target.call(authEndpoints.signin, { body: { email, password: 'Secret123!' } }), 401, 'INVALID_CREDENTIALS');
};

describe.each(targets)('sign-up policy on $name', (target) => {
  useTarget(target);

  test('open mode (the default) lets anyone create a profile and says so', async () => {
    expect(expectSuccess(accessEndpoints.options, await target.call(accessEndpoints.options))).toEqual({ signupMode: 'open', emailDomains: [], passwordSignin: true, sso: null });
    expectSuccess(authEndpoints.signup, await target.call(authEndpoints.signup, { formData: signupForm('nora@elsewhere.example') }));
  });

  describe('domain mode', () => {
    beforeEach(() => target.reset(DEFAULT_NOW, { signupMode: 'domain', emailDomains: ['acme.com', 'acme.co.uk'] }));

    test('the options name the domains', async () => {
      expect(expectSuccess(accessEndpoints.options, await target.call(accessEndpoints.options))).toEqual({ signupMode: 'domain', emailDomains: ['acme.com', 'acme.co.uk'], passwordSignin: true, sso: null });
    });

    test('an address outside the domains is refused on the e-mail field and nothing is created', async () => {
      for (const email of ['nora@elsewhere.example', 'nora@mail.acme.com', 'nora@acme.com.evil.example']) {
        const response = await target.call(authEndpoints.signup, { formData: signupForm(email) });
        expectError(response, 403, 'EMAIL_DOMAIN_NOT_ALLOWED', 'Please use your company e-mail address (@acme.com, @acme.co.uk)');
        expect(response.setCookies).toEqual([]);
        await expectNoAccount(target, email);
      }
    });

    test('a company address (any case) gets its profile', async () => {
      const { user } = expectSuccess(authEndpoints.signup, await target.call(authEndpoints.signup, { formData: signupForm('Nora@ACME.co.uk') }));
      expect(user.email).toBe('nora@acme.co.uk');
    });

    test('a form with other errors answers those first (the policy needs a valid address)', async () => {
      const form = signupForm('not-an-email');
      expectError(await target.call(authEndpoints.signup, { formData: form }), 400, 'VALIDATION_FAILED', 'Email is invalid');
    });
  });

  describe('invite mode', () => {
    beforeEach(() => target.reset(DEFAULT_NOW, { signupMode: 'invite', emailDomains: [] }));

    test('sign-up without an invitation is refused and nothing is created', async () => {
      expect(expectSuccess(accessEndpoints.options, await target.call(accessEndpoints.options))).toEqual({ signupMode: 'invite', emailDomains: [], passwordSignin: true, sso: null });
      expectError(await target.call(authEndpoints.signup, { formData: signupForm('nora@acme.com') }), 403, 'INVITATION_REQUIRED', INVITATION_REQUIRED_MESSAGE);
      await expectNoAccount(target, 'nora@acme.com');
    });

    test('existing accounts still sign in', async () => {
      await target.signIn('bea@wellness.test', 'Employee123!');
    });
  });
});
