import { Tooltip, useMantineTheme, type TooltipProps } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * Mantine's Tooltip (and with it floating-ui), loaded by LazyTooltip once the pointer is on the
 * target: drawn beside the target's element (Mantine's `target`), never around it, so the target is
 * not re-created under the pointer. The hover is followed here: the pointer may already be on the
 * target when this file arrives (the first hover), and shows it after the theme's open delay; leaving
 * or Escape hides it.
 */
export default function HoverTooltip({ target, openDelay, ...props }: Omit<TooltipProps, 'children' | 'target' | 'opened'> & { target: HTMLElement }): ReactNode {
  const theme = useMantineTheme();
  const delay = openDelay ?? (theme.components.Tooltip?.defaultProps as Partial<TooltipProps> | undefined)?.openDelay ?? 0;
  const [hovered, setHovered] = useState(() => target.matches(':hover'));
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    const enter = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHovered(true);
    };
    const leave = () => {
      setHovered(false);
      setOpened(false);
    };
    target.addEventListener('pointerenter', enter);
    target.addEventListener('pointerleave', leave);
    return () => {
      target.removeEventListener('pointerenter', enter);
      target.removeEventListener('pointerleave', leave);
    };
  }, [target]);
  useEffect(() => {
    if (!hovered) return;
    const opening = window.setTimeout(() => setOpened(true), delay);
    return () => window.clearTimeout(opening);
  }, [hovered, delay]);
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpened(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened]);

  return <Tooltip {...props} target={target} opened={opened} />;
}
