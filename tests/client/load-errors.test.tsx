import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { clientHost } from './support/host';
import { renderApp } from './render-app';
import { seedActivity } from './competition-seed';

/** A failed load says so and offers Retry; the empty texts are for real emptiness only. */

const failing = (path: string) => {
  let calls = 0;
  clientHost.server.use(
    http.get(path, () => {
      calls += 1;
      // The query retries once by itself: the first two calls fail, the Retry button's succeeds.
      return calls <= 2 ? HttpResponse.json({ statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' }, { status: 500 }) : undefined;
    }),
  );
};

describe('failed loads have an error state with Retry', () => {
  it('feed: no "There are no activities yet!" when the request failed; Retry loads it', async () => {
    await seedActivity('ivan@wellness.test', '2026-10-03', 30, 'Swimming');
    failing('*/api/user/activity/feed');
    const { user } = await renderApp('/employee/activity-feed', { signedInAs: 'user' });
    const alert = (await screen.findByText(/We could not load the activities\./, {}, { timeout: 8000 })).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('This could not be loaded');
    expect(screen.queryByText('There are no activities yet!')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Swimming')).toBeInTheDocument();
    expect(screen.queryByText(/We could not load the activities/)).not.toBeInTheDocument();
  });

  it("leaderboard: no 'There are no leaders yet' when the request failed", async () => {
    failing('*/api/leaders/top');
    const { user } = await renderApp('/leaderboard', { signedInAs: 'user' });
    const alert = (await screen.findByText(/We could not load the leaderboard\./, {}, { timeout: 8000 })).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('This could not be loaded');
    expect(screen.queryByText('There are no leaders yet')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByText('There are no leaders yet')).length).toBeGreaterThan(0);
  });
});
