import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** A Select's option: the options live in a portal the open modal hides from the accessibility tree. */
export const findOption = (name: string) =>
  waitFor(() => {
    const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((element) => element.textContent === name);
    if (!option) throw new Error(`no option ${name}`);
    return option;
  });

/** Logs an activity through the day's 'Add new activity' dialog, as a person does, and waits for the dialog to close. */
export const logThroughDialog = async (user: UserEvent, day: string, title: string, minutes: string, options = { timeout: 10_000 }) => {
  await user.click(screen.getByRole('button', { name: `Add new activity on ${day}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Add new activity' }, options);
  await user.click(within(dialog).getByRole('combobox', { name: 'Title' }));
  await user.click(await findOption(title));
  await user.clear(within(dialog).getByLabelText(/Moving time/));
  await user.type(within(dialog).getByLabelText(/Moving time/), minutes);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add new activity' })).not.toBeInTheDocument(), options);
};
