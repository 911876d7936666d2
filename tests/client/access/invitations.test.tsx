import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invitationEndpoints } from '../../../src/api/contract/invitations';
import { invitations } from '../../../server/db/access-schema';
import { clientHost, sentMail } from '../support/host';
import { accountRow, apiAs } from '../support/api-as';
import { renderApp } from '../render-app';

describe('invitations on the screens', () => {
  it('an admin invites one person and sees the open invitation with Resend and Revoke', async () => {
    const { user } = await renderApp('/admin/invitations', { signedInAs: 'admin' });
    const form = await screen.findByRole('form', { name: 'Invite one person' });
    await user.type(within(form).getByLabelText('First name'), 'Nina');
    await user.type(within(form).getByLabelText('Last name'), 'Invited');
    await user.type(within(form).getByLabelText('Email'), 'nina@acme.com');
    await user.selectOptions(within(form).getByLabelText('Level of competition'), 'Elite');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const table = await screen.findByRole('table', { name: 'Invitations' });
    expect(await within(table).findByText('nina@acme.com')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Revoke the invitation of Nina Invited' })).toBeInTheDocument();
    // The real server mails from a job, after its answer.
    expect((await sentMail()).latestTo('nina@acme.com')?.subject).toBe('You are invited to the Wellness Challenge');
  });

  it("the invite form's messages speak of the invitee, not of the admin", async () => {
    const { user } = await renderApp('/admin/invitations', { signedInAs: 'admin' });
    const form = await screen.findByRole('form', { name: 'Invite one person' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText("Please enter the person's first name")).toBeInTheDocument();
    expect(within(form).getByText("Please enter the person's last name")).toBeInTheDocument();
    expect(within(form).getByText("Please enter the person's email")).toBeInTheDocument();
    expect(within(form).queryByText(/your/)).not.toBeInTheDocument();
  });

  it('a roster is previewed with its problem rows before anyone is invited', async () => {
    const { user } = await renderApp('/admin/invitations', { signedInAs: 'admin' });
    const csv = 'email,first_name,last_name\none@acme.com,One,Person\nbea@wellness.test,Bea,B\nbroken,,X\n';
    const file = new File([csv], 'roster.csv', { type: 'text/csv' });
    const section = await screen.findByRole('region', { name: 'Import a roster' });
    await user.upload(section.querySelector('input[type="file"]')!, file);
    const problems = await within(section).findByRole('table', { name: 'Rows that will not be invited' });
    expect(within(problems).getByText('An account with this email already exists')).toBeInTheDocument();
    // Who will be invited, too, not only the rows left out.
    const invitees = within(section).getByRole('table', { name: 'Rows that will be invited' });
    expect(within(invitees).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Line', 'Name', 'Email', 'Level'],
      ['2', 'One Person', 'one@acme.com', 'Beginner'],
    ]);
    const invited = async () => (await (await clientHost.db()).select().from(invitations)).map((row) => row.email);
    expect(await invited()).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Invite 1 person' }));
    expect(await within(section).findByText('1 invitation sent.')).toBeInTheDocument();
    expect(await invited()).toEqual(['one@acme.com']);
  });

  it("the mail's link opens 'Complete your profile' and joining signs the invitee in", async () => {
    await (await apiAs('admin@wellness.test'))(invitationEndpoints.invite, { body: { firstName: 'Nina', lastName: 'Invited', email: 'nina@acme.com', levelOfCompetition: 'Advanced' } });
    const token = (await sentMail()).latestTo('nina@acme.com')!.token!;
    const { user, pathname } = await renderApp(`/signup?invitation=${encodeURIComponent(token)}`);
    const form = await screen.findByRole('form', { name: 'Complete your profile' });
    expect(within(form).getByLabelText('First name')).toHaveValue('Nina');
    await user.type(within(form).getByLabelText('Date of birth'), '1990-01-02');
    await user.selectOptions(within(form).getByLabelText('Gender'), 'female');
    await user.type(within(form).getByLabelText('Password'), 'Secret123!');
    await user.type(within(form).getByLabelText('Confirm password'), 'Secret123!');
    await user.click(within(form).getByRole('button', { name: 'Join the challenge' }));
    await waitFor(() => expect(pathname()).toBe('/employee/fitness-services'));
    expect((await accountRow('nina@acme.com'))?.emailConfirmedAt).toEqual(expect.any(Date));
  });
});
