import { accessEndpoints } from '@/contract/access';
import { activityEndpoints } from '@/contract/activity';
import { authEndpoints } from '@/contract/auth';
import { feedEndpoints } from '@/contract/feed';
import { leadersEndpoints } from '@/contract/leaders';
import { CONFIRMATION_SENT_MESSAGE, EMAIL_CONFIRMED_MESSAGE, INVALID_CONFIRMATION_MESSAGE } from '@/domain/access-mails';
import { expectError, expectSuccess, targets, useTarget, type ContractTarget } from '../harness';

const EMAIL = 'nora@wellness.test';

const signUp = async (target: ContractTarget) => {
  const form = new FormData();
  const fields = { firstName: 'Nora', lastName: 'Newcomer', dateOfBirth: '1990-06-15', gender: 'female', email: EMAIL, password: 'Secret123!', levelOfCompetition: 'Beginner' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return expectSuccess(authEndpoints.signup, await target.call(authEndpoints.signup, { formData: form }));
};

/** The token of the newest confirmation mail to the address. */
const confirmationToken = (target: ContractTarget) => {
  const mail = [...target.mails()].reverse().find((message) => message.to === EMAIL && message.text.includes('/confirm-email?token='));
  const match = mail ? /\/confirm-email\?token=([^\s"<&]+)/.exec(mail.text) : null;
  return match ? decodeURIComponent(match[1]!) : null;
};

describe.each(targets)('e-mail confirmation on $name', (target) => {
  useTarget(target);

  test('a self-made account is unconfirmed, gets a link by mail, and the link confirms it once', async () => {
    const { accessToken: token } = await signUp(target);
    expect(expectSuccess(accessEndpoints.confirmation, await target.call(accessEndpoints.confirmation, { token }))).toEqual({ emailConfirmed: false, pendingEmail: null });
    const link = confirmationToken(target);
    expect(link).toEqual(expect.any(String));
    const mail = target.mails().find((message) => message.to === EMAIL)!;
    expect(mail.subject).toBe('Confirm your Wellness Challenge e-mail address');
    expect(mail.text).toContain('http://localhost:3000/confirm-email?token=');

    expect(expectSuccess(accessEndpoints.confirmEmail, await target.call(accessEndpoints.confirmEmail, { body: { token: link! } }))).toEqual({ message: EMAIL_CONFIRMED_MESSAGE });
    expect(expectSuccess(accessEndpoints.confirmation, await target.call(accessEndpoints.confirmation, { token }))).toEqual({ emailConfirmed: true, pendingEmail: null });
    expectError(await target.call(accessEndpoints.confirmEmail, { body: { token: link! } }), 400, 'INVALID_CONFIRMATION_TOKEN', INVALID_CONFIRMATION_MESSAGE);
  });

  test('fixture accounts (made by an admin or migrated) are confirmed', async () => {
    const { accessToken: token } = await target.signIn('bea@wellness.test', 'Employee123!');
    expect(expectSuccess(accessEndpoints.confirmation, await target.call(accessEndpoints.confirmation, { token }))).toEqual({ emailConfirmed: true, pendingEmail: null });
  });

  test('a link expires after 72 hours; an unknown token and an empty one are refused', async () => {
    await signUp(target);
    const link = confirmationToken(target)!;
    target.advance(72 * 60 * 60 * 1000 + 1000);
    expectError(await target.call(accessEndpoints.confirmEmail, { body: { token: link } }), 400, 'INVALID_CONFIRMATION_TOKEN', INVALID_CONFIRMATION_MESSAGE);
    expectError(await target.call(accessEndpoints.confirmEmail, { body: { token: 'not-a-token' } }), 400, 'INVALID_CONFIRMATION_TOKEN');
    expectError(await target.call(accessEndpoints.confirmEmail, { body: { token: ' ' } }), 400, 'VALIDATION_FAILED', 'Confirmation token is required');
  });

  test("'Send the link again' mails a new link, three times an hour at most", async () => {
    const { accessToken: token } = await signUp(target);
    const first = confirmationToken(target);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(expectSuccess(accessEndpoints.resendConfirmation, await target.call(accessEndpoints.resendConfirmation, { token }))).toEqual({ message: CONFIRMATION_SENT_MESSAGE });
    }
    expect(target.mails().filter((message) => message.to === EMAIL)).toHaveLength(4);
    expect(confirmationToken(target)).not.toBe(first);
    const limited = await target.call(accessEndpoints.resendConfirmation, { token });
    expectError(limited, 429, 'RATE_LIMITED', 'Too many attempts. Please try again in 60 minutes.');
    expect(target.mails().filter((message) => message.to === EMAIL)).toHaveLength(4);
    // Both links work until one is used.
    expectSuccess(accessEndpoints.confirmEmail, await target.call(accessEndpoints.confirmEmail, { body: { token: first! } }));
  });

  test("until confirmed, colleagues do not see the account in the feed or among the top leaders; afterwards they do", async () => {
    const { accessToken: token, user } = await signUp(target);
    expectSuccess(activityEndpoints.log, await target.call(activityEndpoints.log, { token, body: { name: 'Running', movingTime: 600, startTime: '2026-11-21T07:30:00.000Z' } }));
    const colleague = await target.signIn('bea@wellness.test', 'Employee123!');
    const seen = async () => {
      const feed = expectSuccess(feedEndpoints.feed, await target.call(feedEndpoints.feed, { token: colleague.accessToken, query: { page: 1, pageSize: 50 } }));
      const top = expectSuccess(leadersEndpoints.top, await target.call(leadersEndpoints.top, { token: colleague.accessToken, query: {} }));
      return { inFeed: feed.feed.some((item) => item.userId === user.id), onTop: top.Beginner.some((leader) => leader.userId === user.id) };
    };
    expect(await seen()).toEqual({ inFeed: false, onTop: false });
    // The owner still sees their own workout.
    const own = expectSuccess(feedEndpoints.feed, await target.call(feedEndpoints.feed, { token, query: { page: 1, pageSize: 50 } }));
    expect(own.feed.some((item) => item.userId === user.id)).toBe(true);

    expectSuccess(accessEndpoints.confirmEmail, await target.call(accessEndpoints.confirmEmail, { body: { token: confirmationToken(target)! } }));
    expect(await seen()).toEqual({ inFeed: true, onTop: true });
  });
});
