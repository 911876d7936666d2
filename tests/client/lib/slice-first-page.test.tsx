import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { expect, test } from 'vitest';
import { isSlicingFirstPage, SliceFirstPage } from '../../../src/lib/slice-first-page';

/** What committed, in order: each part says so in an effect (after its render reached the screen). */
const makeApp = () => {
  const committed: string[] = [];
  const Part = ({ name }: { name: string }) => {
    useEffect(() => {
      committed.push(name);
    }, [name]);
    return <p>{name}</p>;
  };
  const page = (name: string) => () => (
    <SliceFirstPage fallback={<Part name={`${name} pending`} />}>
      <Part name={`${name} body`} />
    </SliceFirstPage>
  );
  const root = createRootRoute({ component: Outlet });
  const leaderboard = createRoute({ getParentRoute: () => root, path: '/leaderboard', component: page('leaderboard') });
  const feed = createRoute({ getParentRoute: () => root, path: '/feed', component: page('feed') });
  const router = createRouter({ routeTree: root.addChildren([leaderboard, feed]), history: createMemoryHistory({ initialEntries: ['/leaderboard'] }) });
  return { router, committed };
};

test("the first page commits its fallback in the router's synchronous render; the body follows in a render of its own", async () => {
  const { router, committed } = makeApp();
  const view = render(<RouterProvider router={router} />);
  await waitFor(() => expect(view.container).toHaveTextContent('leaderboard body'));
  expect(committed).toEqual(['leaderboard pending', 'leaderboard body']);
  expect(isSlicingFirstPage(router)).toBe(false);
});

test('a later page renders its body at once, without the fallback; another app (a new page load) slices again', async () => {
  const { router, committed } = makeApp();
  const view = render(<RouterProvider router={router} />);
  await waitFor(() => expect(view.container).toHaveTextContent('leaderboard body'));
  act(() => router.history.push('/feed'));
  await waitFor(() => expect(view.container).toHaveTextContent('feed body'));
  expect(committed).toEqual(['leaderboard pending', 'leaderboard body', 'feed body']);

  const second = makeApp();
  const secondView = render(<RouterProvider router={second.router} />);
  await waitFor(() => expect(secondView.container).toHaveTextContent('leaderboard body'));
  expect(second.committed).toEqual(['leaderboard pending', 'leaderboard body']);
});
