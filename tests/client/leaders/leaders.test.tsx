import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../render-app';
import { seedActivity, seedEmployees, seedSteps } from '../competition-seed';
import { mockClock } from '../../../mocks/clock';

// The seeded days are of November 2026: that month is the current one.
beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));

const table = () => screen.getByRole('table', { name: 'Leaders' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('admin leaders at /admin/leaders', () => {
  it('lists every employee with annual and monthly points, filtered by level', async () => {
    await seedActivity('bea@wellness.test', '2026-11-03', 40);
    await seedActivity('bea@wellness.test', '2026-06-03', 20);
    await seedSteps('ivan@wellness.test', '2026-05-01');
    const { user } = await renderApp('/admin/leaders', { signedInAs: 'admin' });
    expect(screen.getByRole('heading', { level: 1, name: 'Leaders' })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['First name', 'Last name', 'Email', 'Level of competition', 'Annual Points', 'Monthly Points']);
    expect(bodyRows()[0]).toHaveTextContent('BeaBeginnerbea@wellness.testBeginner6040');
    expect(bodyRows()[1]).toHaveTextContent('IvanIntermediateivan@wellness.testIntermediate300');
    expect(screen.getByRole('combobox', { name: 'Level of competition' })).toHaveValue('None');

    await user.click(screen.getByRole('combobox', { name: 'Level of competition' }));
    await user.click(screen.getByRole('option', { name: 'Intermediate', hidden: true }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent('Ivan');
  });

  it('pages 10 at a time with page numbers in windows of 8', async () => {
    await seedEmployees(95); // + 5 fixture employees = 100 rows, 10 pages; all 0 points, so by last then first name
    const { user } = await renderApp('/admin/leaders', { signedInAs: 'admin' });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    const pager = screen.getByRole('navigation', { name: 'Leaders pages' });
    expect(within(pager).getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('Extra007'));
    await user.click(within(pager).getByRole('button', { name: 'Next 8 pages' }));
    await waitFor(() => expect(within(pager).getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent)).toEqual(['9', '10']));
    expect(within(pager).getByRole('button', { name: 'Page 9' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('Extra077'));
    expect(within(pager).getByRole('button', { name: 'Next 8 pages' })).toBeDisabled();
  });
});

describe('admin leaders on a phone', () => {
  it('shows cards with both points in view instead of a table that scrolls sideways', async () => {
    const phone = (query: string) => ({ matches: query.includes('max-width: 48em'), media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn() });
    const desktop = window.matchMedia;
    window.matchMedia = vi.fn(phone) as never;
    try {
      await seedActivity('bea@wellness.test', '2026-11-03', 40);
      await renderApp('/admin/leaders', { signedInAs: 'admin' });
      const cards = await screen.findByRole('list', { name: 'Leaders' });
      expect(screen.queryByRole('table', { name: 'Leaders' })).not.toBeInTheDocument();
      const bea = within(cards).getByRole('listitem', { name: 'Bea Beginner' });
      expect(bea).toHaveTextContent('40Annual Points');
      expect(bea).toHaveTextContent('40Monthly Points');
    } finally {
      window.matchMedia = desktop;
    }
  });
});

describe('admin leaders search and URL state', () => {
  it('searches by name within the level and keeps level, page and search in the URL', async () => {
    await seedEmployees(15, 'Beginner');
    const { user, router } = await renderApp('/admin/leaders', { signedInAs: 'admin' });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    await user.type(screen.getByRole('textbox', { name: 'Search by name' }), 'extra01');
    await waitFor(() => expect(bodyRows().map((row) => row.textContent)).toEqual([expect.stringContaining('Extra010'), expect.stringContaining('Extra011'), expect.stringContaining('Extra012'), expect.stringContaining('Extra013'), expect.stringContaining('Extra014'), expect.stringContaining('Extra015')]));
    expect(router.state.location.search).toMatchObject({ search: 'extra01' });
  });

  it('a reload or shared link shows the same view', async () => {
    await seedActivity('bea@wellness.test', '2026-11-03', 40);
    await renderApp('/admin/leaders?level=%22Beginner%22&search=%22bea%22', { signedInAs: 'admin' });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent('Bea');
    expect(screen.getByRole('combobox', { name: 'Level of competition' })).toHaveValue('Beginner');
    expect(screen.getByRole('textbox', { name: 'Search by name' })).toHaveValue('bea');
  });
});
