import { screen, within } from '@testing-library/react';
import { renderApp } from '../render-app';
import { seedActivity, seedEvent, seedSteps } from '../competition-seed';

const entries = () => screen.getAllByTestId('feed-entry');

describe('activity feed at /employee/activity-feed', () => {
  it("says so when nobody has logged anything", async () => {
    await renderApp('/employee/activity-feed', { signedInAs: 'user' });
    expect(screen.getByRole('heading', { level: 1, name: 'Recent users activities' })).toBeInTheDocument();
    expect(await screen.findByText('There are no activities yet!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more...' })).not.toBeInTheDocument();
  });

  it('shows avatar, full name, the day in words, title or bonus name, minutes as Nm and bonus points as +N pts', async () => {
    // Monday 23 November 2026, mid-afternoon in the viewer's own zone.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T15:00:00') });
    await seedActivity('ivan@wellness.test', '2026-11-23', 45, 'Swimming', '06:00');
    await seedActivity('ivan@wellness.test', '2026-11-20', 20, 'Yoga', '06:00');
    await seedSteps('alex@wellness.test', '2026-10-01');
    await seedEvent('eli@wellness.test', '2026-09-01', true);
    await renderApp('/employee/activity-feed', { signedInAs: 'user' });
    await screen.findAllByTestId('feed-entry');
    const [swim, yoga, steps, event] = entries();
    expect(swim).toHaveTextContent('Ivan Intermediate');
    expect(swim).toHaveTextContent('Swimming');
    expect(swim).toHaveTextContent('45m');
    expect(within(swim!).getByRole('time')).toHaveTextContent('Today');
    expect(within(yoga!).getByRole('time')).toHaveTextContent('Friday');
    expect(within(steps!).getByRole('time')).toHaveTextContent('1 Oct');
    expect(within(swim!).getByRole('img', { name: 'Ivan Intermediate' })).toHaveTextContent('II');
    expect(steps).toHaveTextContent('10,000 step bonus');
    expect(steps).toHaveTextContent('+30 pts');
    expect(steps).not.toHaveTextContent('30m');
    expect(within(steps!).getByLabelText('30 points')).toBeInTheDocument();
    expect(within(swim!).getByLabelText('45 minutes')).toBeInTheDocument();
    expect(event).toHaveTextContent('Activity participation bonus');
    expect(event).toHaveTextContent('+90 pts');
    vi.useRealTimers();
  });

  it("loads 10 at a time with 'Load more...' until everything is shown; private colleagues stay hidden", async () => {
    for (let day = 1; day <= 12; day += 1) await seedActivity('ivan@wellness.test', `2026-10-${String(day).padStart(2, '0')}`, day);
    await seedActivity('pia@wellness.test', '2026-10-20', 99, 'Secret run');
    const { user } = await renderApp('/employee/activity-feed', { signedInAs: 'user' });
    await screen.findAllByTestId('feed-entry');
    expect(entries()).toHaveLength(10);
    expect(entries()[0]).toHaveTextContent('12m');
    await user.click(screen.getByRole('button', { name: 'Load more...' }));
    await screen.findByText('1m');
    expect(entries()).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Load more...' })).not.toBeInTheDocument();
    expect(screen.queryByText('Secret run')).not.toBeInTheDocument();
  });
});
