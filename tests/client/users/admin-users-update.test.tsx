import { screen, waitFor, within } from '@testing-library/react';
import { accountRow } from '../support/api-as';
import { renderApp } from '../render-app';

const openUpdate = async () => {
  const app = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
  await app.user.click(await screen.findByRole('button', { name: 'Update Bea Beginner' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update user' });
  return { ...app, dialog };
};

describe("the admin's 'Update user' modal", () => {
  it('opens filled with the user and shows the contract messages for bad input', async () => {
    const { user, dialog } = await openUpdate();
    expect(within(dialog).getByLabelText(/First name/)).toHaveValue('Bea');
    expect(within(dialog).getByLabelText(/Last name/)).toHaveValue('Beginner');
    expect(within(dialog).getByLabelText(/Date of birth/)).toHaveValue('1992-03-08');
    expect(within(dialog).getByLabelText(/Gender/)).toHaveValue('female');
    expect(within(dialog).getByLabelText(/Level of competition/)).toHaveValue('Beginner');

    await user.clear(within(dialog).getByLabelText(/First name/));
    await user.clear(within(dialog).getByLabelText(/Last name/));
    const birth = within(dialog).getByLabelText(/Date of birth/);
    await user.clear(birth);
    await user.type(birth, '2999-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Please enter your first name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your last name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter choose your date of birth')).toBeInTheDocument();
    expect((await accountRow('bea@wellness.test'))?.firstName).toBe('Bea');
  });

  it('saves the fields, closes, toasts and shows the refetched row', async () => {
    const { user, dialog } = await openUpdate();
    await user.clear(within(dialog).getByLabelText(/First name/));
    await user.type(within(dialog).getByLabelText(/First name/), 'Beatrix');
    await user.selectOptions(within(dialog).getByLabelText(/Level of competition/), 'Elite');
    await user.selectOptions(within(dialog).getByLabelText(/Gender/), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update user' })).not.toBeInTheDocument());
    const row = (await screen.findByRole('cell', { name: 'Beatrix' })).closest('tr')!;
    expect(within(row).getByText('Elite')).toBeInTheDocument();
    expect(within(row).getByText('Other')).toBeInTheDocument();
    expect(await accountRow('bea@wellness.test')).toMatchObject({
      firstName: 'Beatrix',
      levelOfCompetition: 'Elite',
      gender: 'other',
    });
  });

  it('Cancel closes without saving', async () => {
    const { user, dialog } = await openUpdate();
    await user.type(within(dialog).getByLabelText(/First name/), 'zzz');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update user' })).not.toBeInTheDocument());
    expect((await accountRow('bea@wellness.test'))?.firstName).toBe('Bea');
  });
});
