import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clientHost } from '../support/host';
import { renderApp, signInThroughMocks } from '../render-app';

/** The restore at load (the areas' guard, before any loader) fails with a 500 as the server sends it. */
const failRestore = (headers: Record<string, string> = {}) =>
  clientHost.server.use(
    http.post('*/api/auth/refresh', () =>
      HttpResponse.json({ statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' }, { status: 500, headers }),
    ),
  );

describe("the route error view shows the answer's X-Request-Id, so a user can quote it", () => {
  it('shows "Reference: …" under the message when the server sent a request id', async () => {
    await signInThroughMocks('user');
    failRestore({ 'x-request-id': 'req-route-4711' });
    await renderApp('/employee/dashboard');
    expect(await screen.findByText('Error in server , try again later')).toBeInTheDocument();
    expect(screen.getByText('Reference: req-route-4711')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows no reference when the answer had none', async () => {
    await signInThroughMocks('user');
    failRestore();
    await renderApp('/employee/dashboard');
    expect(await screen.findByText('Error in server , try again later')).toBeInTheDocument();
    expect(screen.queryByText(/Reference:/)).not.toBeInTheDocument();
  });
});

describe("a page whose loader failed shows the answer's X-Request-Id beside Retry", () => {
  const failFeed = (headers: Record<string, string> = {}) =>
    clientHost.server.use(http.get('*/api/user/activity/feed', () => HttpResponse.json({ statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' }, { status: 500, headers })));

  it('shows "Reference: …" under what could not be loaded', async () => {
    await signInThroughMocks('user');
    failFeed({ 'x-request-id': 'req-feed-0815' });
    await renderApp('/employee/activity-feed');
    // The page's own alert (the read's toast may name the reference too, for a while).
    const alert = (await screen.findByText(/We could not load the activities/)).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText('Reference: req-feed-0815')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows no reference when the answer had none', async () => {
    await signInThroughMocks('user');
    failFeed();
    await renderApp('/employee/activity-feed');
    expect(await screen.findByText(/We could not load the activities/)).toBeInTheDocument();
    expect(screen.queryByText(/Reference:/)).not.toBeInTheDocument();
  });
});
