import { accessEndpoints } from '@/contract/access';
import { authEndpoints } from '@/contract/auth';
import { profileEndpoints } from '@/contract/profile';
import { EMAIL_CHANGED_MESSAGE, INVALID_CONFIRMATION_MESSAGE } from '@/domain/access-mails';
import { FIXTURE_PASSWORD } from '../../../mocks/fixtures';
import { DEFAULT_NOW, expectError, expectSuccess, targets, useTarget, type ContractTarget } from '../harness';

/** docs/access.md#changing-the-e-mail-address: the same rules from the server and the mocks. */

const BEA = 'bea@wellness.test';

const changeTo = async (target: ContractTarget, session: { accessToken: string; user: { id: number } }, email: string) => {
  const form = new FormData();
  form.append('email', email);
  return target.call(profileEndpoints.updateProfile, { token: session.accessToken, params: { id: session.user.id }, formData: form });
};

/** The link of the newest mail to `to`. */
const linkTo = (target: ContractTarget, to: string) => {
  const mail = [...target.mails()].reverse().find((message) => message.to === to);
  const match = mail ? /\/confirm-email\?token=([^\s"<&]+)/.exec(mail.text) : null;
  return match ? decodeURIComponent(match[1]!) : null;
};

describe.each(targets)('changing the e-mail address on $name', (target) => {
  useTarget(target);

  test('domain mode: an address outside the domains is refused with the sign-up\'s code and words', async () => {
    await target.reset(DEFAULT_NOW, { signupMode: 'domain', emailDomains: ['wellness.test'] });
    const bea = await target.signIn(BEA, FIXTURE_PASSWORD);
    expectError(await changeTo(target, bea, 'bea@gmail.com'), 403, 'EMAIL_DOMAIN_NOT_ALLOWED', 'Please use your company e-mail address (@wellness.test)');
    expect(target.mails()).toEqual([]);
    expect(expectSuccess(accessEndpoints.confirmation, await target.call(accessEndpoints.confirmation, { token: bea.accessToken }))).toEqual({ emailConfirmed: true, pendingEmail: null });
  });

  test('the new address waits for its link; opening it makes it the address to sign in with', async () => {
    const bea = await target.signIn(BEA, FIXTURE_PASSWORD);
    const saved = expectSuccess(profileEndpoints.updateProfile, await changeTo(target, bea, 'Bea.New@Wellness.test'));
    expect(saved.email).toBe(BEA);
    expect(expectSuccess(accessEndpoints.confirmation, await target.call(accessEndpoints.confirmation, { token: bea.accessToken }))).toEqual({ emailConfirmed: true, pendingEmail: 'bea.new@wellness.test' });
    expect(target.mails().map((mail) => [mail.to, mail.subject])).toEqual([['bea.new@wellness.test', 'Confirm your new Wellness Challenge e-mail address']]);
    expectError(await target.call(authEndpoints.signin, { body: { email: 'bea.new@wellness.test', password: FIXTURE_PASSWORD } }), 401, 'INVALID_CREDENTIALS');

    // 'Send the link again' mails the new address a fresh link.
    expectSuccess(accessEndpoints.resendConfirmation, await target.call(accessEndpoints.resendConfirmation, { token: bea.accessToken }));
    expect(target.mails().map((mail) => mail.to)).toEqual(['bea.new@wellness.test', 'bea.new@wellness.test']);

    const link = linkTo(target, 'bea.new@wellness.test')!;
    expect(expectSuccess(accessEndpoints.confirmEmail, await target.call(accessEndpoints.confirmEmail, { body: { token: link } }))).toEqual({ message: EMAIL_CHANGED_MESSAGE });
    expect(expectSuccess(authEndpoints.signin, await target.call(authEndpoints.signin, { body: { email: 'bea.new@wellness.test', password: FIXTURE_PASSWORD } })).user.email).toBe('bea.new@wellness.test');
    expectError(await target.call(authEndpoints.signin, { body: { email: BEA, password: FIXTURE_PASSWORD } }), 401, 'INVALID_CREDENTIALS');
    expectError(await target.call(accessEndpoints.confirmEmail, { body: { token: link } }), 400, 'INVALID_CONFIRMATION_TOKEN', INVALID_CONFIRMATION_MESSAGE);
  });

  test('the current address sent back drops the pending one: its link confirms nothing', async () => {
    const bea = await target.signIn(BEA, FIXTURE_PASSWORD);
    expectSuccess(profileEndpoints.updateProfile, await changeTo(target, bea, 'typo@wellness.tset'));
    expectSuccess(profileEndpoints.updateProfile, await changeTo(target, bea, BEA));
    expect(expectSuccess(accessEndpoints.confirmation, await target.call(accessEndpoints.confirmation, { token: bea.accessToken }))).toEqual({ emailConfirmed: true, pendingEmail: null });
    expectError(await target.call(accessEndpoints.confirmEmail, { body: { token: linkTo(target, 'typo@wellness.tset')! } }), 400, 'INVALID_CONFIRMATION_TOKEN');
  });

  test('an address with an account is refused at once (409)', async () => {
    const bea = await target.signIn(BEA, FIXTURE_PASSWORD);
    expectError(await changeTo(target, bea, 'ivan@wellness.test'), 409, 'EMAIL_TAKEN', 'An account with this email already exists');
    expect(target.mails()).toEqual([]);
  });
});
