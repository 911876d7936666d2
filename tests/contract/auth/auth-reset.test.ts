import { authEndpoints } from '@/contract/auth';
import { fixtureEmployee } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

const INVALID_LINK = 'This reset link is invalid or has expired';
const minute = 60 * 1000;

describe.each(targets)('password reset on $name', (target) => {
  useTarget(target);
  const employee = fixtureEmployee('Advanced');
  const newPassword = 'Brand-new-pass1';

  const requestLink = async (email = employee.email) => {
    const response = await target.call(authEndpoints.forgotPassword, { body: { email } });
    expect(expectSuccess(authEndpoints.forgotPassword, response)).toEqual({ message: 'If an account exists for this email, a reset link has been sent' });
    return target.resetTokenFor(email);
  };

  test('forgot-password answers the same for an unknown e-mail, and sends nothing', async () => {
    expect(await requestLink('nobody@wellness.test')).toBeNull();
    expect(target.mails()).toHaveLength(0);
  });

  test('the mail carries a link to the app origin', async () => {
    const token = await requestLink();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = target.mails().at(-1)!;
    expect(mail).toMatchObject({ to: employee.email, subject: 'Reset your Wellness Challenge password' });
    expect(mail.text).toContain(`http://localhost:3000/reset-password?token=${token}`);
  });

  test('check, reset, then the new password works and the old one does not', async () => {
    const token = (await requestLink())!;
    expect(expectSuccess(authEndpoints.checkResetToken, await target.call(authEndpoints.checkResetToken, { query: { token } }))).toEqual({ valid: true });
    const reset = await target.call(authEndpoints.resetPassword, { query: { token }, body: { newPassword } });
    expect(expectSuccess(authEndpoints.resetPassword, reset)).toEqual({ message: 'Your password has been changed' });
    expectError(await target.call(authEndpoints.signin, { body: { email: employee.email, password: employee.password } }), 401, 'INVALID_CREDENTIALS');
    await target.signIn(employee.email, newPassword);
  });

  test('a used link is refused by check and by reset', async () => {
    const token = (await requestLink())!;
    expectSuccess(authEndpoints.resetPassword, await target.call(authEndpoints.resetPassword, { query: { token }, body: { newPassword } }));
    expectError(await target.call(authEndpoints.checkResetToken, { query: { token } }), 400, 'INVALID_RESET_TOKEN', INVALID_LINK);
    expectError(await target.call(authEndpoints.resetPassword, { query: { token }, body: { newPassword: 'Another-pass1' } }), 400, 'INVALID_RESET_TOKEN', INVALID_LINK);
    await target.signIn(employee.email, newPassword);
  });

  test('an older link stops working once the password changed through a newer one', async () => {
    const older = (await requestLink())!;
    const newer = (await requestLink())!;
    expectSuccess(authEndpoints.resetPassword, await target.call(authEndpoints.resetPassword, { query: { token: newer }, body: { newPassword } }));
    expectError(await target.call(authEndpoints.checkResetToken, { query: { token: older } }), 400, 'INVALID_RESET_TOKEN', INVALID_LINK);
  });

  test('a link expires after one hour', async () => {
    const token = (await requestLink())!;
    target.advance(59 * minute);
    expectSuccess(authEndpoints.checkResetToken, await target.call(authEndpoints.checkResetToken, { query: { token } }));
    target.advance(2 * minute);
    expectError(await target.call(authEndpoints.checkResetToken, { query: { token } }), 400, 'INVALID_RESET_TOKEN', INVALID_LINK);
    expectError(await target.call(authEndpoints.resetPassword, { query: { token }, body: { newPassword } }), 400, 'INVALID_RESET_TOKEN', INVALID_LINK);
  });

  test('an unknown or missing token is refused', async () => {
    expectError(await target.call(authEndpoints.checkResetToken, { query: { token: 'made-up' } }), 400, 'INVALID_RESET_TOKEN', INVALID_LINK);
    const missing = expectError(await target.call(authEndpoints.checkResetToken), 400, 'VALIDATION_FAILED', 'Reset token is required');
    expect(missing.issues).toEqual([{ path: 'token', message: 'Reset token is required' }]);
  });

  test('a too short new password is a field issue, and the link stays usable', async () => {
    const token = (await requestLink())!;
    const body = expectError(await target.call(authEndpoints.resetPassword, { query: { token }, body: { newPassword: 'short' } }), 400, 'VALIDATION_FAILED', 'Password must be at least 8 characters');
    expect(body.issues).toEqual([{ path: 'newPassword', message: 'Password must be at least 8 characters' }]);
    expectSuccess(authEndpoints.checkResetToken, await target.call(authEndpoints.checkResetToken, { query: { token } }));
  });

  test('a reset signs out every device', async () => {
    const { client } = await target.signIn(employee.email, employee.password);
    const token = (await requestLink())!;
    expectSuccess(authEndpoints.resetPassword, await target.call(authEndpoints.resetPassword, { query: { token }, body: { newPassword } }));
    expectError(await target.call(authEndpoints.refresh, { client }), 401, 'SESSION_REVOKED', 'Your session has ended, please sign in again');
  });

  test('forgot-password is limited per account: the 6th request in an hour answers 429', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) await requestLink();
    const limited = await target.call(authEndpoints.forgotPassword, { body: { email: employee.email } });
    expectError(limited, 429, 'RATE_LIMITED', 'Too many attempts. Please try again in 60 minutes.');
    expect(limited.headers['retry-after']).toBe('3600');
    expect(target.mails()).toHaveLength(5);
  });
});
