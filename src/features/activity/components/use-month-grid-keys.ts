import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { toIsoDay } from '@/domain/days';

/**
 * The month grid as one stop in the tab order, like a WAI-ARIA date grid (docs/product-rules.md#dashboard-and-calendar):
 * only the current day's controls (star, event icon, '+', its activities) are tabbable; the arrow keys
 * move to the day before or after (Left/Right) or the week before or after (Up/Down), Home and End
 * to the first and last day of the month. A control re-rendered away while focused (a refetch
 * swaps the '+', a star finishes saving) hands the focus to its twin on the same day.
 */
const DAY_CELL = '[data-date]';
const CONTROLS = 'button, a, [tabindex]';
const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
const shiftDay = (day: string, days: number) => toIsoDay(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);

export type FocusTarget = { day: string; tool: string | null };

const cellOf = (element: Element | null) => element?.closest<HTMLElement>(DAY_CELL) ?? null;
const controlsOf = (cell: Element) => [...cell.querySelectorAll<HTMLElement>(CONTROLS)].filter((control) => !control.hasAttribute('disabled'));
const toolOf = (element: HTMLElement) => element.closest<HTMLElement>('[data-day-tool]')?.dataset.dayTool ?? null;

/** The control of `day` that does what `tool` did, else that day's first control. */
export const findControl = (grid: HTMLElement, target: FocusTarget) => {
  const cell = grid.querySelector<HTMLElement>(`${DAY_CELL}[data-date="${target.day}"]`);
  if (!cell) return null;
  const controls = controlsOf(cell);
  return controls.find((control) => target.tool !== null && toolOf(control) === target.tool) ?? controls[0] ?? null;
};

export const focusTargetOf = (element: Element | null): FocusTarget | null => {
  const cell = cellOf(element);
  return cell?.dataset.date && element instanceof HTMLElement ? { day: cell.dataset.date, tool: toolOf(element) } : null;
};

export function useMonthGridKeys(gridRef: RefObject<HTMLElement | null>, initialDay: string) {
  const activeDay = useRef(initialDay);
  const focused = useRef<{ element: HTMLElement; target: FocusTarget } | null>(null);

  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const hasControls = (day: string) => Boolean(findControl(grid, { day, tool: null }));
    // The day whose controls are tabbable: the last one used, else today, else the month's first day with any.
    const tabbableDay = () => {
      if (hasControls(activeDay.current)) return activeDay.current;
      const first = [...grid.querySelectorAll<HTMLElement>(DAY_CELL)].find((cell) => controlsOf(cell).length > 0);
      return first?.dataset.date ?? null;
    };
    const applyTabIndex = () => {
      const day = tabbableDay();
      for (const control of grid.querySelectorAll<HTMLElement>(`${DAY_CELL} :is(${CONTROLS})`)) {
        const wanted = cellOf(control)?.dataset.date === day ? '0' : '-1';
        if (control.getAttribute('tabindex') !== wanted) control.setAttribute('tabindex', wanted);
      }
    };
    const keepFocus = () => {
      const last = focused.current;
      if (!last || last.element.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
      const twin = findControl(grid, last.target);
      if (twin) twin.focus();
    };
    const observer = new MutationObserver(() => {
      applyTabIndex();
      keepFocus();
    });
    observer.observe(grid, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex', 'disabled'] });
    applyTabIndex();

    const onFocusIn = (event: FocusEvent) => {
      const target = focusTargetOf(event.target as Element);
      if (!target) return;
      focused.current = { element: event.target as HTMLElement, target };
      if (activeDay.current !== target.day) {
        activeDay.current = target.day;
        applyTabIndex();
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      const element = event.target as HTMLElement;
      // Focus moved on by the person (not the control removed under it): nothing to keep.
      queueMicrotask(() => {
        if (element.isConnected && focused.current?.element === element) focused.current = null;
      });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const from = focusTargetOf(event.target as Element);
      if (!from || event.altKey || event.ctrlKey || event.metaKey) return;
      const days = [...grid.querySelectorAll<HTMLElement>(DAY_CELL)].map((cell) => cell.dataset.date!).filter(hasControls);
      let next: string | undefined;
      if (event.key in STEPS) {
        const step = STEPS[event.key]!;
        // A day without controls (a future day) is passed over in the same direction.
        for (let day = shiftDay(from.day, step); days.length && day >= days[0]! && day <= days.at(-1)!; day = shiftDay(day, step)) {
          if (days.includes(day)) {
            next = day;
            break;
          }
        }
      } else if (event.key === 'Home') next = days[0];
      else if (event.key === 'End') next = days.at(-1);
      else return;
      event.preventDefault();
      if (!next) return;
      findControl(grid, { day: next, tool: from.tool })?.focus();
    };
    grid.addEventListener('focusin', onFocusIn);
    grid.addEventListener('focusout', onFocusOut);
    grid.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      grid.removeEventListener('focusin', onFocusIn);
      grid.removeEventListener('focusout', onFocusOut);
      grid.removeEventListener('keydown', onKeyDown);
    };
  }, [gridRef]);
}

/** Transitions of a closing modal (300 ms) are over by then; a focus still lost is given back again. */
const AFTER_MODAL_CLOSED_MS = 350;

/**
 * A dialog opened from the grid gives the focus back to what opened it when it closes, or (re-rendered
 * meanwhile: a save refetched the month) to its twin on the same day. `remember` when opening,
 * `giveBack` when the last dialog of a chain closes.
 */
export function useGridFocusReturn(gridRef: RefObject<HTMLElement | null>) {
  const opener = useRef<{ element: HTMLElement; target: FocusTarget | null } | null>(null);
  const remember = useCallback(() => {
    const element = document.activeElement;
    if (element instanceof HTMLElement && gridRef.current?.contains(element)) opener.current = { element, target: focusTargetOf(element) };
  }, [gridRef]);
  const giveBack = useCallback(() => {
    const saved = opener.current;
    opener.current = null;
    if (!saved) return;
    const attempt = () => {
      const grid = gridRef.current;
      const active = document.activeElement;
      if (!grid || (active && active !== document.body && active.isConnected && grid.contains(active))) return;
      // Moved on by the person meanwhile (outside the grid and any closing dialog): left alone.
      if (active && active !== document.body && !active.closest('[role="dialog"], .mantine-Modal-root')) return;
      const element = saved.element.isConnected ? saved.element : saved.target && findControl(grid, saved.target);
      element?.focus();
    };
    requestAnimationFrame(attempt);
    setTimeout(attempt, AFTER_MODAL_CLOSED_MS);
  }, [gridRef]);
  return { remember, giveBack };
}
