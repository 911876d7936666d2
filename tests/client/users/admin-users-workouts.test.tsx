import { screen, waitFor, within } from '@testing-library/react';
import { fixtureId } from '../../../mocks/fixtures';
import { renderApp } from '../render-app';
import { seedActivity, seedEvent, seedSteps } from '../competition-seed';

const bea = 'bea@wellness.test';
const open = (email = bea) => renderApp(`/admin/users/${fixtureId(email)}/workouts`, { signedInAs: 'admin' });
const bodyRows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe("an employee's workouts at /admin/users/:id/workouts", () => {
  it('names the employee and pages the activities 8 at a time, newest first', async () => {
    for (let day = 1; day <= 10; day += 1)
      await seedActivity(bea, `2026-10-${String(day).padStart(2, '0')}`, day, day === 10 ? 'Yoga' : 'Running');
    const { user } = await open();
    expect(await screen.findByText('Bea Beginner')).toBeInTheDocument();
    expect(screen.getByText(/bea@wellness\.test/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activities' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('table', { name: 'Activities' });
    expect(
      within(screen.getByRole('table', { name: 'Activities' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['#', 'Activity name', 'Moving time', 'Date']);
    expect(bodyRows('Activities')).toHaveLength(8);
    expect(cells(bodyRows('Activities')[0]!)).toEqual(['1', 'Yoga', '10 minutes', '2026-10-10']);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodyRows('Activities')).toHaveLength(2));
    expect(cells(bodyRows('Activities')[1]!)).toEqual(['10', 'Running', '1 minute', '2026-10-01']);
  });

  it('shows achievements and events with Yes/No, and the empty texts', async () => {
    await seedSteps(bea, '2026-11-02');
    await seedEvent(bea, '2026-11-05', true);
    await seedEvent(bea, '2026-11-01', false);
    const { user } = await open();
    expect(await screen.findByText('User has no activities')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Achievements' }));
    await screen.findByRole('table', { name: 'Achievements' });
    expect(
      within(screen.getByRole('table', { name: 'Achievements' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['#', 'Date', 'Was reached 10000 steps?']);
    expect(cells(bodyRows('Achievements')[0]!)).toEqual(['1', '2026-11-02', 'Yes']);

    await user.click(screen.getByRole('tab', { name: 'Events participation' }));
    await screen.findByRole('table', { name: 'Events participation' });
    expect(
      within(screen.getByRole('table', { name: 'Events participation' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['#', 'Title', 'Date', 'Was in the top three?']);
    expect(bodyRows('Events participation').map(cells)).toEqual([
      ['1', 'City run', '2026-11-05', 'Yes'],
      ['2', 'City run', '2026-11-01', 'No'],
    ]);
  });

  it('has empty texts for an employee with nothing logged', async () => {
    const { user } = await open('ivan@wellness.test');
    expect(await screen.findByText('User has no activities')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Achievements' }));
    expect(await screen.findByText('User has no achievements yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Events participation' }));
    expect(await screen.findByText('User has no events yet')).toBeInTheDocument();
  });

  it('shows the server message for an unknown user', async () => {
    await renderApp('/admin/users/999/workouts', { signedInAs: 'admin' });
    // The route's error: the server's message under the page title, with Retry.
    const alert = (await screen.findByText(/We could not load this employee's workouts\. User not found/)).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Workouts' })).toBeInTheDocument();
    // A missing user is not an employee with no activities.
    expect(screen.queryByText('User has no activities')).not.toBeInTheDocument();
  });
});
