import type { TooltipProps } from '@mantine/core';
import { cloneElement, lazy, Suspense, useState, type PointerEvent, type ReactElement } from 'react';

const Tooltip = lazy(() => import('./overlays/mantine-tooltip'));

type Trigger = ReactElement<{ onPointerEnter?: (event: PointerEvent<HTMLElement>) => void }>;

/**
 * Mantine's Tooltip, fetched when the pointer first enters its target: floating-ui (about 20 kB
 * gzip) is then not part of a page's first load. Mantine tooltips open on hover only (not on focus),
 * and the target carries its own aria-label, so nothing is lost before the first hover. Once loaded
 * the target is rendered inside the Tooltip, which opens as the pointer moves on it.
 */
export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: Trigger }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    const onPointerEnter = children.props.onPointerEnter;
    return cloneElement(children, {
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        onPointerEnter?.(event);
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
