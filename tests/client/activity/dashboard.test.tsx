import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockClock } from '../../../mocks/clock';
import { clientHost } from '../support/host';
import { renderApp } from '../render-app';
import { seedActivity, seedEvent, seedImportedActivity, seedSteps } from '../competition-seed';
import { findOption } from '../support/activity-dialog';

const bea = 'bea@wellness.test';
// The month grid is a large DOM and two cores are shared: typing through forms takes seconds.
vi.setConfig({ testTimeout: 45_000 });

/** One "now" for the SPA (system clock) and the mocks (mock clock). */
const standAt = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  mockClock.set(iso);
};
afterEach(() => {
  vi.useRealTimers();
});

const openDashboard = async () => {
  const app = await renderApp('/employee/dashboard', { signedInAs: 'user' });
  await screen.findByText(/Total month:/);
  return app;
};
const star = (label: string) => screen.getByRole('button', { name: `10,000 steps on ${label}` });
const eventsIcon = (label: string) => screen.getByRole('button', { name: `Participated events on ${label}` });

describe('employee dashboard', () => {
  beforeEach(() => standAt('2026-11-22T10:00:00Z'));

  it('shows the month, its activities, star and event states and both totals', async () => {
    await seedActivity(bea, '2026-11-03', 45, 'Running');
    await seedActivity(bea, '2026-11-05', 20, 'Kayaking');
    await seedActivity(bea, '2026-10-10', 100, 'Cycling');
    await seedSteps(bea, '2026-11-05');
    await seedEvent(bea, '2026-11-10');
    await openDashboard();

    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByText('Kayaking')).toBeInTheDocument();
    expect(screen.getByText('Total month: 65 mins')).toBeInTheDocument();
    expect(screen.getByText('Total annual: 165 mins')).toBeInTheDocument();
    expect(star('Thursday, November 5, 2026')).toHaveAttribute('aria-pressed', 'true');
    expect(star('Friday, November 6, 2026')).toHaveAttribute('aria-pressed', 'false');
    expect(eventsIcon('Tuesday, November 10, 2026')).toHaveAttribute('data-filled', 'true');
    expect(eventsIcon('Wednesday, November 11, 2026')).toHaveAttribute('data-filled', 'false');
    // Future days get no '+'; empty editable days do.
    expect(screen.getByRole('button', { name: 'Add new activity on Friday, November 20, 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add new activity on Monday, November 23, 2026' })).not.toBeInTheDocument();
  });

  it('adds an activity through the form with its messages; the month and totals refetch', async () => {
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Add new activity on Friday, November 20, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new activity' });
    expect(within(dialog).getByLabelText(/Moving time/)).toHaveValue('1');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required!')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Title' }));
    await user.click(await findOption('Other'));
    await user.clear(within(dialog).getByLabelText(/Moving time/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Other title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Moving time is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Other title' }), 'Kayaking');
    await user.type(within(dialog).getByLabelText(/Moving time/), '35');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add new activity' })).not.toBeInTheDocument());
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    expect(await screen.findByText('Total month: 35 mins')).toBeInTheDocument();
    expect(screen.getByText('Kayaking')).toBeInTheDocument();
  });

  it('a save closes its dialog as the answer arrives and shows the activity, without waiting for the month to be read again', async () => {
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Add new activity on Friday, November 20, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new activity' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Title' }));
    await user.click(await findOption('Walking'));
    await user.clear(within(dialog).getByLabelText(/Moving time/));
    await user.type(within(dialog).getByLabelText(/Moving time/), '25');
    // The month's read after the save is held until the end of the test's first part.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    clientHost.server.use(http.get('*/api/user/activity', async () => void (await held), { once: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add new activity' })).not.toBeInTheDocument());
    expect(screen.getByText('Walking')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Total month: 25 mins')).toBeInTheDocument();
    expect(screen.getByText('Walking')).toBeInTheDocument();
  });

  it('manages an activity: a custom title shows as Other; Update; Delete asks first', async () => {
    await seedActivity(bea, '2026-11-03', 45, 'Kayaking');
    const { user } = await openDashboard();
    await user.click(screen.getByText('Kayaking'));
    const dialog = await screen.findByRole('dialog', { name: 'Manage activity' });
    expect(within(dialog).getByRole('combobox', { name: 'Title' })).toHaveValue('Other');
    expect(within(dialog).getByRole('textbox', { name: 'Other title' })).toHaveValue('Kayaking');

    await user.clear(within(dialog).getByLabelText(/Moving time/));
    await user.type(within(dialog).getByLabelText(/Moving time/), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Total month: 50 mins')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Manage activity' })).not.toBeInTheDocument();

    await user.click(screen.getByText('Kayaking'));
    const again = await screen.findByRole('dialog', { name: 'Manage activity' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(within(again).getByText('Are you sure you want to delete this activity?')).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Total month: 0 mins')).toBeInTheDocument();
    expect(screen.queryByText('Kayaking')).not.toBeInTheDocument();
  });

  it('the star toggles the daily step achievement', async () => {
    const { user } = await openDashboard();
    await user.click(star('Saturday, November 21, 2026'));
    await waitFor(() => expect(star('Saturday, November 21, 2026')).toHaveAttribute('aria-pressed', 'true'));
    await user.click(star('Saturday, November 21, 2026'));
    await waitFor(() => expect(star('Saturday, November 21, 2026')).toHaveAttribute('aria-pressed', 'false'));
  });

  it('Participated events: a failed load says so with Retry instead of "no participation"', async () => {
    const { user } = await openDashboard();
    clientHost.server.use(
      http.get('*/api/user/activity/participated-events', () => HttpResponse.json({ statusCode: 500, message: 'Database unavailable', serverCode: 'INTERNAL_ERROR' }, { status: 500 }), { once: true }),
      http.get('*/api/user/activity/participated-events', () => HttpResponse.json({ statusCode: 500, message: 'Database unavailable', serverCode: 'INTERNAL_ERROR' }, { status: 500 }), { once: true }),
    );
    await user.click(eventsIcon('Thursday, November 19, 2026'));
    const dialog = await screen.findByRole('dialog', { name: 'Participated events' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('We could not load the events of this day.');
    expect(within(dialog).queryByText('No event participation on this day yet.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('No event participation on this day yet.')).toBeInTheDocument();
  });

  it('Participated events: add with validation, top-three mark, delete', async () => {
    const { user } = await openDashboard();
    await user.click(eventsIcon('Thursday, November 19, 2026'));
    const dialog = await screen.findByRole('dialog', { name: 'Participated events' });
    await user.click(within(dialog).getByRole('button', { name: 'Add new event participation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save event' }));
    expect(await within(dialog).findByText('Title is required!')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'City 10K');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Save event' }));

    expect(await within(dialog).findByText('City 10K')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'In the top three' })).toBeInTheDocument();
    await waitFor(() => expect(eventsIcon('Thursday, November 19, 2026')).toHaveAttribute('data-filled', 'true'));

    const remove = within(dialog).getByRole('button', { name: 'Delete event City 10K' });
    await user.hover(remove);
    expect(await screen.findByText('This action will cause to delete event!')).toBeInTheDocument();
    await user.click(remove);
    // A confirmation first: Cancel keeps the event, 'Yes, delete' removes it.
    expect(within(dialog).getByText('Are you sure you want to delete this event participation?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByText('City 10K')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete event City 10K' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await within(dialog).findByText('No event participation on this day yet.')).toBeInTheDocument();
    await waitFor(() => expect(eventsIcon('Thursday, November 19, 2026')).toHaveAttribute('data-filled', 'false'));
  });

  it('month navigation fetches that month', async () => {
    const starts: string[] = [];
    clientHost.server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/user/activity') starts.push(`${url.searchParams.get('startDate')}..${url.searchParams.get('endDate')}`);
    });
    await seedActivity(bea, '2026-10-10', 30, 'Cycling');
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeInTheDocument();
    expect(await screen.findByText('Cycling')).toBeInTheDocument();
    expect(await screen.findByText('Total month: 30 mins')).toBeInTheDocument();
    expect(starts).toContain('2026-10-01..2026-10-31');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    await waitFor(() => expect(starts).toContain('2026-12-01..2026-12-31'));
  });

  it('a day cell and its Activities list show the same order: by start time, not alphabetically', async () => {
    await seedActivity(bea, '2026-11-12', 10, 'Yoga', '06:00');
    await seedActivity(bea, '2026-11-12', 20, 'Cycling', '18:00');
    await seedActivity(bea, '2026-11-12', 30, 'Boxing', '12:00');
    await openDashboard();
    await screen.findByText('Yoga');
    const inCell = [...document.querySelectorAll('.wc-activity-title')].map((element) => element.textContent);
    expect(inCell).toEqual(['Yoga', 'Boxing', 'Cycling']);
  });

  it('shows where a workout came from: by hand, or a tracker and the other tracker that also recorded it', async () => {
    await seedActivity(bea, '2026-11-03', 45, 'Kayaking');
    await seedImportedActivity(bea, { day: '2026-11-04', time: '07:00', name: 'Running', movingTime: 30, source: 'strava', externalId: '777', alsoRecordedBy: ['fitbit'] });
    const { user } = await openDashboard();
    await user.click(screen.getByText('Running'));
    const imported = await screen.findByRole('dialog', { name: 'Manage activity' });
    expect(within(imported).getByTestId('activity-source')).toHaveTextContent('From Strava · also recorded by Fitbit');
    await user.click(within(imported).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage activity' })).not.toBeInTheDocument());

    await user.click(screen.getByText('Kayaking'));
    const manual = await screen.findByRole('dialog', { name: 'Manage activity' });
    expect(within(manual).getByTestId('activity-source')).toHaveTextContent('Logged by hand');
  });

  it("the day's Activities list adds an imported workout's sources to its minutes", async () => {
    for (let index = 1; index <= 6; index += 1) await seedActivity(bea, '2026-11-12', index, `Run ${index}`);
    await seedImportedActivity(bea, { day: '2026-11-12', time: '23:00', name: 'Walking', movingTime: 40, source: 'fitbit', externalId: 'p1', alsoRecordedBy: ['strava'] });
    const { user } = await openDashboard();
    await user.click(await screen.findByText('Show more'));
    const dialog = await screen.findByRole('dialog', { name: 'Activities list' });
    expect(within(dialog).getByText('40 min · From Fitbit · also recorded by Strava')).toBeInTheDocument();
    expect(within(dialog).getByText('1 min')).toBeInTheDocument();
  });

  it("'Show more' opens the day's Activities list with edit pencils", async () => {
    for (let index = 1; index <= 7; index += 1) await seedActivity(bea, '2026-11-12', index, `Run ${index}`);
    const { user } = await openDashboard();
    await user.click(await screen.findByText('Show more'));
    const dialog = await screen.findByRole('dialog', { name: 'Activities list' });
    // Only our modal: FullCalendar's own "more" popover never opens beside it.
    expect(document.querySelector('.fc-popover')).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: /^Edit Run/ }).map((button) => button.getAttribute('aria-label'))).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((index) => `Edit Run ${index}`),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Edit Run 7' }));
    expect(await screen.findByRole('dialog', { name: 'Manage activity' })).toBeInTheDocument();
  });
});

describe('edit window on the dashboard (fixed clock)', () => {
  it('after 14 April the previous year is read-only: star, events and add are disabled', async () => {
    standAt('2027-04-15T09:00:00Z');
    await seedActivity(bea, '2027-03-10', 30, 'Yoga');
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'March 2027' })).toBeInTheDocument();
    await screen.findByText('Yoga');

    const closedStar = star('Friday, March 12, 2027');
    expect(closedStar).toHaveAttribute('aria-disabled', 'true');
    await user.hover(closedStar);
    expect(await screen.findByText('Time to toggle daily step achievement is over')).toBeInTheDocument();
    await user.click(closedStar);
    expect(closedStar).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /^Add new activity on .*March/ })).not.toBeInTheDocument();

    await user.click(eventsIcon('Friday, March 12, 2027'));
    const events = await screen.findByRole('dialog', { name: 'Participated events' });
    const addEvent = within(events).getByRole('button', { name: 'Add new event participation' });
    expect(addEvent).toHaveAttribute('aria-disabled', 'true');
    await user.hover(addEvent);
    expect(await screen.findByText('Time to add event participation is over')).toBeInTheDocument();
    await user.click(addEvent);
    expect(within(events).queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
  });

  it('on 14 April the previous year is still open', async () => {
    standAt('2027-04-14T09:00:00Z');
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'March 2027' })).toBeInTheDocument();
    expect(star('Friday, March 12, 2027')).toHaveAttribute('aria-disabled', 'false');
    expect(screen.getByRole('button', { name: 'Add new activity on Friday, March 12, 2027' })).toBeInTheDocument();
  });
});
