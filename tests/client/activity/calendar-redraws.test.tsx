import FullCalendar from '@fullcalendar/react';
import { Calendar } from '@fullcalendar/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockClock } from '../../../mocks/clock';
import { renderApp } from '../render-app';
import { seedActivity } from '../competition-seed';
import { holdRequests } from '../route-states';

/**
 * A FullCalendar redraw (every cell and entry drawn again) is the dashboard's costliest work on a
 * phone (docs/performance.md#on-a-mid-range-phone): the grid is drawn once when it mounts and again
 * only when what it shows changes; not when a month's refetch starts or ends with the same data,
 * not for the phone's layout found after mount.
 */
vi.setConfig({ testTimeout: 45_000 });

const bea = 'bea@wellness.test';

/** Mounts of FullCalendar, and its updates from new props (its own state updates are not redraws of ours). */
const countCalendarDraws = () => {
  const counts = { mounts: 0, propUpdates: 0 };
  const mount = FullCalendar.prototype.componentDidMount;
  const update = FullCalendar.prototype.componentDidUpdate;
  vi.spyOn(FullCalendar.prototype, 'componentDidMount').mockImplementation(function (this: FullCalendar) {
    counts.mounts += 1;
    mount.call(this);
  });
  // Its typings leave out the arguments React passes: the previous props come first.
  const withPrevious = FullCalendar.prototype as unknown as { componentDidUpdate: (previous: FullCalendar['props']) => void };
  vi.spyOn(withPrevious, 'componentDidUpdate').mockImplementation(function (this: FullCalendar, previous: FullCalendar['props']) {
    // React 19 hands a class a copy of its props (without `ref`) on every update: compare the values.
    const props = this.props as Record<string, unknown>;
    if (Object.keys(props).some((key) => (previous as Record<string, unknown>)[key] !== props[key])) counts.propUpdates += 1;
    update.call(this);
  });
  return counts;
};

/** A phone's screen: Mantine's `(max-width: 48em)` matches. */
const onPhone = () => {
  const stub = vi.mocked(window.matchMedia);
  const desktop = stub.getMockImplementation()!;
  stub.mockImplementation((query: string) => ({ ...desktop(query), matches: query.includes('max-width: 48em') }));
  return () => stub.mockImplementation(desktop);
};

const settled = async (app: Awaited<ReturnType<typeof renderApp>>) => {
  await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
  // The refetch's answer reaches the screen after the fetch count drops: one more turn.
  await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('the month grid is drawn again only when what it shows changes', () => {
  beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));
  afterEach(() => vi.restoreAllMocks());

  it('on a phone the compact grid is the first one drawn, not the desktop one redrawn after mount', async () => {
    const desktop = onPhone();
    try {
      const draws = countCalendarDraws();
      const app = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
      await screen.findByText('Total month: 0 mins');
      await settled(app);
      expect(draws).toEqual({ mounts: 1, propUpdates: 0 });
      // The phone's day header is drawn by FullCalendar's Preact (no React portal): it still opens the day's sheet.
      await app.user.click(screen.getByRole('button', { name: 'Open Sunday, November 22, 2026' }));
      const sheet = await screen.findByRole('dialog', { name: 'Activities list' });
      await app.user.click(within(sheet).getByRole('button', { name: 'Add new activity' }));
      expect(await screen.findByRole('dialog', { name: 'Add new activity' })).toBeInTheDocument();
    } finally {
      desktop();
    }
  });

  it('a new activity from the server draws the grid again (the count sees real redraws)', async () => {
    const app = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    await screen.findByText('Total month: 0 mins');
    await settled(app);
    const draws = countCalendarDraws();
    // Logged elsewhere, then read again (as after a write or a reload's refetch).
    await seedActivity(bea, '2026-11-20', 60, 'Cycling');
    await app.queryClient.invalidateQueries({ queryKey: ['activity'] });
    expect(await screen.findByText('Cycling')).toBeInTheDocument();
    await settled(app);
    expect(draws.mounts).toBe(0);
    expect(draws.propUpdates).toBeGreaterThanOrEqual(1);
  });

  it("another month's days are drawn once (FullCalendar's own move), and again only when its data comes", async () => {
    await seedActivity(bea, '2026-10-07', 25, 'Rowing');
    const app = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    await screen.findByText('Total month: 0 mins');
    await settled(app);
    const draws = countCalendarDraws();
    const release = holdRequests('*/api/user/activity');
    await app.user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading month')).toBeInTheDocument();
    expect(draws.propUpdates).toBe(0);

    release();
    expect(await screen.findByText('Rowing')).toBeInTheDocument();
    await settled(app);
    expect(screen.getByText('Total month: 25 mins')).toBeInTheDocument();
    expect(draws.propUpdates).toBe(1);
  });
});

describe("a click on 'Next month' paints what it says first", () => {
  beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));
  afterEach(() => vi.restoreAllMocks());

  it("shows the new month's title and loader in the click's own frame; the grid moves after that paint, once for quick clicks", async () => {
    const app = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    await screen.findByText('Total month: 0 mins');
    await settled(app);
    const moves = vi.spyOn(Calendar.prototype, 'gotoDate');
    const release = holdRequests('*/api/user/activity');
    const next = screen.getByRole('button', { name: 'Next month' });
    fireEvent.click(next);
    // Synchronously after the click: the title and the loader, over November's days still drawn.
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading month')).toBeInTheDocument();
    expect(document.querySelector('[data-date="2026-11-22"]')).not.toBeNull();
    expect(moves).not.toHaveBeenCalled();
    // A second click before the grid moved: one move, to the last month asked.
    fireEvent.click(next);
    expect(screen.getByRole('heading', { name: 'January 2027' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-date="2027-01-15"]')).not.toBeNull());
    expect(moves).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[data-date="2026-11-22"]')).toBeNull();
    release();
    await settled(app);
    expect(screen.getByRole('heading', { name: 'January 2027' })).toBeInTheDocument();
  });
});
