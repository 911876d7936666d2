import { useEffect, useState } from 'react';

/**
 * Whether a sideways-scrolling box hides columns to its right: on a phone a table's last column can
 * be off-screen, and nothing else says so. Returns whether some of the content is out of view to the
 * right, and the callback ref to put on the scroller.
 */
export function useSideScrollHint<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    if (!element) return;
    const check = () => setMore(element.scrollWidth - element.clientWidth - element.scrollLeft > 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', check, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', check);
    };
  }, [element]);
  return [more, setElement] as const;
}
