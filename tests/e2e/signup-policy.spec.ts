import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { screenshotBoth } from './helpers';

/**
 * The sign-up policy against real servers (docs/access.md#sign-up-policy): the app started once in
 * domain mode and once in invite mode (playwright.config.ts), each with its own DATA_DIR.
 */

test.describe('SIGNUP_MODE=domain', () => {
  test.use({ baseURL: E2E.policies.domain.baseUrl });

  test('an address outside the company domains is refused under the e-mail field, and no account is created', async ({ page, request }) => {
    const email = `outsider.${Date.now().toString(36)}@elsewhere.test`;
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Create new profile' });
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription(/Your company address \(@acme\.test\)/);
    await form.getByLabel('First name').fill('Otto');
    await form.getByLabel('Last name').fill('Outsider');
    await form.getByLabel('Date of birth').fill('1988-02-03');
    await form.getByLabel('Gender').selectOption('male');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('Outside-Run-2026');
    await form.getByLabel('Confirm password', { exact: true }).fill('Outside-Run-2026');
    await form.getByLabel('Level of competition').selectOption('Beginner');
    await form.getByRole('button', { name: 'Create profile' }).click();

    const refusal = 'Please use your company e-mail address (@acme.test)';
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription(new RegExp(refusal.replace(/[().@]/g, '\\$&')));
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/signup$/);
    await screenshotBoth(page, 'signup-domain-refused');

    // Nothing was created: the address and password sign nobody in.
    const signin = await request.post('/api/auth/signin', { data: { email, password: 'Outside-Run-2026' } });
    expect(signin.status()).toBe(401);
  });
});

test.describe('SIGNUP_MODE=invite', () => {
  test.use({ baseURL: E2E.policies.invite.baseUrl });

  test("the login page has no 'Create profile', and /signup says an invitation is needed", async ({ page, request }) => {
    // The button waits for the policy (GET /api/access/options): only then is its absence telling.
    const options = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/access/options');
    await page.goto('/');
    expect(await (await options).json()).toMatchObject({ signupMode: 'invite' });
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create profile' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create profile' })).toHaveCount(0);

    await page.goto('/signup');
    await expect(page.getByRole('alert').filter({ hasText: 'Invitation needed' })).toContainText('Sign-up is by invitation only: ask your administrator for an invitation.');
    await expect(page.getByRole('form', { name: 'Create new profile' })).toHaveCount(0);
    await screenshotBoth(page, 'signup-invite-only');

    // The API refuses too (the page is not the only guard).
    const signup = await request.post('/api/auth/signup', { multipart: { firstName: 'Ian', lastName: 'Uninvited', dateOfBirth: '1990-01-01', gender: 'male', email: 'ian@acme.test', password: 'Uninvited-2026', levelOfCompetition: 'Beginner' } });
    expect(signup.status()).toBe(403);
    expect(await signup.json()).toMatchObject({ serverCode: 'INVITATION_REQUIRED' });
  });
});
