import { screen, within } from '@testing-library/react';
import { fixtureEmployee } from '../../../mocks/fixtures';
import { mockClock } from '../../../mocks/clock';
import { renderApp } from '../render-app';
import { failFirstCalls, holdRequests } from '../route-states';

/** The profile route: its loader brings the profile and the fitness services; the charts load in their own section. */
vi.setConfig({ testTimeout: 30_000 });

const bea = fixtureEmployee('Beginner');

describe('profile route: loader, pending and error states', () => {
  beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));

  it('shows the titled skeleton while the profile loads, then the form with the stored values', async () => {
    const release = holdRequests('*/api/users/:id/profile');
    await renderApp('/employee/profile', { signedInAs: 'user', clock: mockClock, settle: false });
    const pending = await screen.findByRole('status', { name: 'Loading your profile' });
    expect(within(pending).getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Profile' })).not.toBeInTheDocument();

    release();
    const form = await screen.findByRole('form', { name: 'Profile' });
    expect(within(form).getByLabelText('First name')).toHaveValue(bea.firstName);
    expect(screen.getByRole('region', { name: 'Fitness services' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your profile' })).not.toBeInTheDocument();
  });

  it('a failed profile shows the error with Retry under the page title; Retry loads the form', async () => {
    failFirstCalls('*/api/users/:id/profile');
    const { user } = await renderApp('/employee/profile', { signedInAs: 'user', clock: mockClock });
    const alert = (await screen.findByText(/We could not load your profile\./, {}, { timeout: 8000 })).closest<HTMLElement>('[role="alert"]')!;
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const form = await screen.findByRole('form', { name: 'Profile' });
    expect(within(form).getByLabelText('First name')).toHaveValue(bea.firstName);
    expect(screen.queryByText(/We could not load your profile/)).not.toBeInTheDocument();
  });

  it('the form does not wait for the progress charts: they show their own placeholder', async () => {
    const release = holdRequests('*/api/insights/progress');
    await renderApp('/employee/profile', { signedInAs: 'user', clock: mockClock });
    expect(screen.getByRole('form', { name: 'Profile' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'My progress' });
    expect(within(section).getByLabelText('Loading your progress')).toBeInTheDocument();
    release();
    expect(await within(section).findByText(/2026\/27: No points in this competition year yet/)).toBeInTheDocument();
  });
});
