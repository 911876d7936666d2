import { expect, test, type Page } from '@playwright/test';
import { startIdentityProvider, type TestIdentityProvider } from '../support/identity-provider';
import { E2E } from './env';
import { confirmEmail, screenshotBoth, signUpThroughApi, uniqueEmail } from './helpers';

/**
 * Single sign-on in Chromium through a real OpenID provider (oidc-provider) on its own port: the
 * app was started with OIDC_ISSUER pointing at it (playwright.config.ts).
 */
let idp: TestIdentityProvider;

test.beforeAll(async () => {
  idp = await startIdentityProvider({
    port: Number(new URL(E2E.identityProvider.url).port),
    redirectUris: [`${E2E.baseUrl}/sso/callback`],
    clientSecret: E2E.identityProvider.clientSecret,
  });
});
test.afterAll(() => idp.close());

/** From the login page through the provider's sign-in page and back. */
const signInWithSso = async (page: Page, email: string) => {
  await page.goto('/');
  await page.getByRole('button', { name: `Sign in with ${E2E.identityProvider.label}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.identityProvider.url}/interaction/`));
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
};

test('the login page offers the company sign-in beside the password form', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Acme SSO' })).toBeVisible();
  await screenshotBoth(page, 'login-sso');
});

test('an employee with an account signs in through the provider and lands on the dashboard', async ({ page, request }) => {
  const email = uniqueEmail('sso-existing');
  await signUpThroughApi(request, { firstName: 'Sina', lastName: 'Signon', dateOfBirth: '1991-02-03', gender: 'female', email, password: 'Sso-Existing-Password1', levelOfCompetition: 'Intermediate' });
  // Her own account: she confirmed its address (single sign-on of an unconfirmed one starts its owner afresh, docs/security.md#single-sign-on).
  await confirmEmail(request, email);
  idp.addAccount({ email, emailVerified: true, givenName: 'Sina', familyName: 'Signon' });
  await signInWithSso(page, email);
  await expect(page).toHaveURL(/\/employee\/dashboard$/);
  // The app's normal session: a reload keeps it.
  await page.reload();
  await expect(page).toHaveURL(/\/employee\/dashboard$/);
  await expect(page.getByRole('button', { name: /Sign out/ })).toBeVisible();
});

test('a newcomer the provider vouches for completes the profile and joins', async ({ page }) => {
  const email = uniqueEmail('sso-newcomer');
  idp.addAccount({ email, emailVerified: true, givenName: 'Nele', familyName: 'Newcomer' });
  await signInWithSso(page, email);
  await expect(page).toHaveURL(/\/signup\?sso=/);
  const form = page.getByRole('form', { name: 'Complete your profile' });
  await expect(form.getByLabel('First name')).toHaveValue('Nele');
  await expect(form.getByLabel('Last name')).toHaveValue('Newcomer');
  await expect(form.getByText(email)).toBeVisible();
  await screenshotBoth(page, 'sso-profile');
  await form.getByLabel('Date of birth').fill('1993-07-08');
  await form.getByLabel('Gender').selectOption('female');
  await form.getByLabel('Level of competition').selectOption('Advanced');
  await form.getByRole('button', { name: 'Join the challenge' }).click();
  await expect(page).toHaveURL(/\/employee\/fitness-services$/);
  // Confirmed by construction: no confirmation banner.
  await page.goto('/employee/dashboard');
  await expect(page.getByText('Please confirm your e-mail address')).toHaveCount(0);
});

test('an address the provider has not verified is turned away with a way back', async ({ page }) => {
  const email = uniqueEmail('sso-unverified');
  idp.addAccount({ email, emailVerified: false, name: 'Una Verified' });
  await signInWithSso(page, email);
  await expect(page.getByText('You are not signed in')).toBeVisible();
  await expect(page.getByText(/has not verified the e-mail address/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page.getByRole('button', { name: 'Sign in with Acme SSO' })).toBeVisible();
});

test("'Delete my account': an employee without a password confirms at the provider, which asks again, and comes back to the dialog", async ({ page }) => {
  const email = uniqueEmail('sso-leaver');
  idp.addAccount({ email, emailVerified: true, givenName: 'Lea', familyName: 'Leaver' });
  await signInWithSso(page, email);
  const form = page.getByRole('form', { name: 'Complete your profile' });
  await form.getByLabel('Date of birth').fill('1990-01-02');
  await form.getByLabel('Gender').selectOption('female');
  await form.getByLabel('Level of competition').selectOption('Beginner');
  await form.getByRole('button', { name: 'Join the challenge' }).click();
  await expect(page).toHaveURL(/\/employee\/fitness-services$/);

  await page.goto('/employee/profile');
  await page.getByRole('region', { name: 'Your data and account' }).getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog', { name: 'Delete my account' }).getByRole('button', { name: 'Confirm with Acme SSO' }).click();
  // prompt=login: the provider asks for the credentials although it still holds a sign-in of this browser.
  await expect(page).toHaveURL(new RegExp(`^${E2E.identityProvider.url}/interaction/`));
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/employee\/profile\?deleteAccount=confirmed$/);
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(dialog.getByText('Confirmed with Acme SSO')).toBeVisible();
  await screenshotBoth(page, 'delete-account-sso-confirmed');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});
