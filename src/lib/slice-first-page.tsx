import { useRouter } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';

type AppRouter = ReturnType<typeof useRouter>;

/** The routers (one per page load; one per rendered app in tests) that have shown a page's body. */
const shownBody = new WeakSet<AppRouter>();
/** The routers whose first page shows its fallback while its body renders. */
const slicing = new WeakSet<AppRouter>();

/**
 * The app's first page shows `fallback` (its route's pending view) at once and renders its body at
 * transition priority, which React slices into tasks of a few milliseconds. The router shows a page
 * in a synchronous render (its store is read with useSyncExternalStore, whose updates React never
 * slices): on a phone's CPU the leaderboard's body was one task of 423 ms at 4x, input blocked
 * throughout (Total Blocking Time, docs/performance.md). Later pages render at once as before: within
 * the app they come with less around them, and a fallback would only flash.
 */
export function SliceFirstPage({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const router = useRouter();
  const [sliced] = useState(() => !shownBody.has(router));
  const ready = useDeferredValue(true, !sliced);
  useEffect(() => {
    if (ready) {
      shownBody.add(router);
      slicing.delete(router);
    } else slicing.add(router);
  }, [ready, router]);
  return ready ? children : fallback;
}

/** Whether `router`'s first page still shows its fallback (tests wait for the body as a person would). */
export const isSlicingFirstPage = (router: AppRouter) => slicing.has(router);
