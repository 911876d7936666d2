import { useLayoutEffect, useRef, useState } from 'react';

type Handlers = Record<string, (...args: never[]) => unknown>;

/**
 * The same handler functions on every render, each calling the latest render's closure: a memoised
 * child (the month calendar, whose redraw is the dashboard's costliest work on a phone) re-renders
 * for new data, not for new callbacks. The set of names must not change between renders.
 */
export function useStableHandlers<T extends Handlers>(handlers: T): T {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const [stable] = useState(
    // The ref is read when a handler runs (an event), never during render.
    // eslint-disable-next-line react-hooks/refs
    () => Object.fromEntries(Object.keys(handlers).map((name) => [name, (...args: never[]) => latest.current[name]!(...args)])) as T,
  );
  return stable;
}
