import type { TooltipProps } from '@mantine/core';
import { cloneElement, lazy, Suspense, useState, type PointerEvent, type ReactElement } from 'react';

const loadTooltip = () => import('./overlays/mantine-tooltip');
const Tooltip = lazy(loadTooltip);

type Trigger = ReactElement<{ onPointerEnter?: (event: PointerEvent<HTMLElement>) => void; onPointerLeave?: (event: PointerEvent<HTMLElement>) => void }>;

/**
 * Mantine's Tooltip, fetched when the pointer first enters its target: floating-ui (about 20 kB
 * gzip) is then not part of a page's first load. Mantine tooltips open on hover only (not on focus),
 * and the target carries its own aria-label. The target moves inside the Tooltip only when the
 * pointer leaves it: moving it while the pointer is on it re-creates its element, and a click that
 * lands meanwhile would be lost. So the tooltip shows from the second hover on.
 */
export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: Trigger }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    const { onPointerEnter, onPointerLeave } = children.props;
    return cloneElement(children, {
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        onPointerEnter?.(event);
        if (event.pointerType === 'mouse') void loadTooltip();
      },
      onPointerLeave: (event: PointerEvent<HTMLElement>) => {
        onPointerLeave?.(event);
        if (event.pointerType === 'mouse') setWanted(true);
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
