import { useEffect, useState } from 'react';

/**
 * false in the first render, true once the browser has painted it: a costly part (the month grid)
 * is drawn in a task of its own after the page's frame and title are on screen, so a phone shows the
 * page sooner and no single task holds its main thread for both.
 */
export function useAfterFirstPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs just before its paint; a task queued from there runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * Runs `run` in a task of its own right after the next paint (a frame's callback runs just before
 * its paint; a task queued from there runs after it): a click paints what it says at once (the
 * month's title, its loader) and the costly part (the grid's draw) follows.
 */
export function afterNextPaint(run: () => void) {
  requestAnimationFrame(() => {
    setTimeout(run);
  });
}
