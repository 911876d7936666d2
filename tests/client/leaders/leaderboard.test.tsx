import { screen, waitFor, within } from '@testing-library/react';
import { mockScenario } from '../../../mocks/scenarios';
import { renderApp } from '../render-app';
import { renameUser, seedActivity, seedSteps } from '../competition-seed';

const column = (level: string) => screen.getByRole('region', { name: level });

describe('leaderboard at /leaderboard', () => {
  it('shows the four level columns with leaders, points, cut names and bars relative to the column best', async () => {
    await renameUser('bea@wellness.test', 'Bartholomew', 'Featherstonehaugh');
    await seedActivity('bea@wellness.test', '2026-11-01', 100);
    await seedSteps('pia@wellness.test', '2026-11-02'); // Pia: 30 points in the same column
    await seedActivity('eli@wellness.test', '2026-10-01', 45);
    await renderApp('/leaderboard', { signedInAs: 'user' });

    expect(screen.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    const beginners = await waitFor(() => column('Beginner'));
    const rows = await within(beginners).findAllByTestId('leader-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Bartholome... Feathersto...');
    expect(rows[0]).toHaveTextContent('100 points');
    expect(rows[1]).toHaveTextContent('Pia Private');
    expect(within(rows[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(rows[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    // No photo: initials, as on the profile page (never a silhouette on one screen and initials on another).
    expect(within(rows[1]!).getByRole('img')).not.toHaveAttribute('src');
    expect(within(rows[1]!).getByRole('img')).toHaveTextContent(/^[A-Z]{2}$/);

    expect(within(column('Elite')).getByText('45 points')).toBeInTheDocument();
    expect(within(column('Intermediate')).getByText('There are no leaders yet')).toBeInTheDocument();
    expect(within(column('Advanced')).getByText('There are no leaders yet')).toBeInTheDocument();
  });

  it("marks the signed-in employee's own row and offers no year choice to employees", async () => {
    await seedActivity('bea@wellness.test', '2026-11-01', 10);
    await seedActivity('pia@wellness.test', '2026-11-01', 20);
    await renderApp('/leaderboard', { signedInAs: 'user' });
    const rows = await within(column('Beginner')).findAllByTestId('leader-row');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(within(rows[1]!).getByText('You')).toBeInTheDocument();
    expect(rows[0]).not.toHaveAttribute('aria-current');
    expect(screen.queryByLabelText('Competition year')).not.toBeInTheDocument();
  });

  it('shows a loading indication while fetching', async () => {
    mockScenario.setLatency(400);
    await renderApp('/leaderboard', { signedInAs: 'user', settle: false });
    // Session restore and standings both slow: the signed-in layout's skeleton, then the page's.
    expect(await screen.findByRole('status', { name: /^Loading (page|leaders)$/ })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Beginner' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('lets admins pick one of the last 5 competition years', async () => {
    await seedActivity('ivan@wellness.test', '2025-06-01', 70); // competition year 2025
    const { user } = await renderApp('/leaderboard', { signedInAs: 'admin' });
    expect(await within(await waitFor(() => column('Intermediate'))).findByText('There are no leaders yet')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Competition year' }));
    // Mantine keeps the dropdown in a transition jsdom never finishes: the options count as hidden.
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['2026/27', '2025/26', '2024/25', '2023/24', '2022/23']);
    await user.click(screen.getByRole('option', { name: '2025/26', hidden: true }));
    expect(await within(column('Intermediate')).findByText('70 points')).toBeInTheDocument();
  });
});
