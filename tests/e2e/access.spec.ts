import { expect, test } from '@playwright/test';
import { latestMail, screenshotBoth, signInAsAdmin, uniqueEmail } from './helpers';

/** The invitation link inside a mail, undoing quoted-printable soft breaks. */
const invitationLinkFrom = (mail: string) => {
  const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = unfolded.match(/https?:\/\/[^\s"<>]+\/signup\?invitation=[A-Za-z0-9_%-]+/);
  if (!match) throw new Error('No invitation link in the mail');
  return match[0];
};

test('an admin invites one person; the mail leads to a profile that is signed in and confirmed', async ({ page, browser }) => {
  const email = uniqueEmail('invitee');
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Invitations' }).click();
  await expect(page).toHaveURL(/\/admin\/invitations$/);
  const form = page.getByRole('form', { name: 'Invite one person' });
  await form.getByLabel('First name').fill('Ines');
  await form.getByLabel('Last name').fill('Invited');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Level of competition').selectOption('Advanced');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('table', { name: 'Invitations' }).getByText(email)).toBeVisible();
  await screenshotBoth(page, 'invitations');

  const link = invitationLinkFrom(await latestMail(email));
  const guest = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const invitee = await guest.newPage();
  await invitee.goto(link);
  const profile = invitee.getByRole('form', { name: 'Complete your profile' });
  await expect(profile.getByLabel('First name')).toHaveValue('Ines');
  await screenshotBoth(invitee, 'accept-invitation');
  await profile.getByLabel('Date of birth').fill('1990-04-05');
  await profile.getByLabel('Gender').selectOption('female');
  await profile.getByLabel('Password', { exact: true }).fill('Invited-Password1');
  await profile.getByLabel('Confirm password').fill('Invited-Password1');
  await profile.getByRole('button', { name: 'Join the challenge' }).click();
  await expect(invitee).toHaveURL(/\/employee\/fitness-services$/);
  // Confirmed by construction: no banner.
  await invitee.goto('/employee/dashboard');
  await expect(invitee.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(invitee.getByRole('region', { name: 'E-mail confirmation' })).toHaveCount(0);
  await guest.close();
});

test('a roster file is previewed row by row, then imported; the same file again invites nobody twice', async ({ page }) => {
  const one = uniqueEmail('roster');
  const two = uniqueEmail('roster');
  const csv = ['email,first_name,last_name,level', `${one},Rita,Roster,Elite`, `${two},Rolf,Roster,`, `${one},Rita,Again,Elite`, 'broken,,Row,'].join('\n');
  await signInAsAdmin(page);
  await page.goto('/admin/invitations');
  const section = page.getByRole('region', { name: 'Import a roster' });
  await section.locator('input[type="file"]').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const problems = section.getByRole('table', { name: 'Rows that will not be invited' });
  await expect(problems.getByText('This address appears earlier in the file')).toBeVisible();
  await expect(problems.getByText(/first name/)).toBeVisible();
  const invitees = section.getByRole('table', { name: 'Rows that will be invited' });
  await expect(invitees.getByRole('row')).toHaveCount(3);
  await expect(invitees.getByText('Rita Roster')).toBeVisible();
  await screenshotBoth(page, 'roster-preview');
  await section.getByRole('button', { name: 'Invite 2 people' }).click();
  await expect(section.getByText('2 invitations sent.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Invitations' }).getByText(two)).toBeVisible();

  await section.locator('input[type="file"]').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(section.getByText('2 already invited')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Invite 0 people' })).toBeDisabled();
});

test('a self-made account sees the confirmation banner until it opens the mailed link', async ({ page }) => {
  const email = uniqueEmail('self');
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Create new profile' });
  await form.getByLabel('First name').fill('Sam');
  await form.getByLabel('Last name').fill('Self');
  await form.getByLabel('Date of birth').fill('1991-02-03');
  await form.getByLabel('Gender').selectOption('male');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('Self-Password1');
  await form.getByLabel('Confirm password').fill('Self-Password1');
  await form.getByLabel('Level of competition').selectOption('Beginner');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(page).toHaveURL(/\/employee\/fitness-services$/);
  const banner = page.getByRole('region', { name: 'E-mail confirmation' });
  await expect(banner.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  await screenshotBoth(page, 'confirm-banner');

  const mail = (await latestMail(email)).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = mail.match(/https?:\/\/[^\s"<>]+\/confirm-email\?token=[A-Za-z0-9_-]+/)![0];
  await page.goto(link);
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();
  await page.goto('/employee/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
