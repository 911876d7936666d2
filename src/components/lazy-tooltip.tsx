import type { TooltipProps } from '@mantine/core';
import { cloneElement, lazy, Suspense, useState, type PointerEvent, type ReactElement, type ReactNode } from 'react';

// A file that cannot come (offline before the service worker holds it) costs the tooltip, never the page.
const HoverTooltip = lazy(() => import('./overlays/hover-tooltip').catch(() => ({ default: (): ReactNode => null })));

type Trigger = ReactElement<{ onPointerEnter?: (event: PointerEvent<HTMLElement>) => void }>;

/**
 * Mantine's Tooltip, fetched when the pointer first enters its target: floating-ui (about 20 kB
 * gzip) is then not part of a page's first load. Mantine tooltips open on hover only (not on focus),
 * and the target carries its own aria-label. The target stays where it is (the tooltip is drawn
 * beside it, pointed at its element): a click that lands as the pointer arrives is not lost to a
 * re-created element, and the tooltip shows from the first hover on.
 */
export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: Trigger }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const { onPointerEnter } = children.props;
  return (
    <>
      {cloneElement(children, {
        onPointerEnter: (event: PointerEvent<HTMLElement>) => {
          onPointerEnter?.(event);
          if (event.pointerType === 'mouse') setTarget(event.currentTarget);
        },
      })}
      {target && (
        <Suspense fallback={null}>
          <HoverTooltip {...props} target={target} />
        </Suspense>
      )}
    </>
  );
}
