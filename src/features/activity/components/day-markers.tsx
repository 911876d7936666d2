import { ActionIcon, Button, Loader, Tooltip } from '@mantine/core';
import { IconFlag, IconFlagFilled, IconStar, IconStarFilled } from '@tabler/icons-react';
import { forwardRef, type ReactNode } from 'react';
import { dayTitle } from '../month';

export const STEPS_CLOSED_TOOLTIP = 'Time to toggle daily step achievement is over';
/** The words beside the icons where there is room (the day sheet): a touch screen shows no tooltips. */
export const STEPS_BUTTON_TEXT = '10,000 steps';
export const EVENTS_BUTTON_TEXT = 'Participated events';

type MarkerProps = { size?: 'sm' | 'md' | 'lg'; color: string; icon: ReactNode; text: string; withText: boolean; buttonProps: Record<string, unknown> };

/** An icon button in a day cell; with its words beside the icon in the day sheet. Takes the Tooltip's ref and handlers. */
const Marker = forwardRef<HTMLButtonElement, MarkerProps>(function Marker({ size = 'sm', color, icon, text, withText, buttonProps, ...tooltipProps }, ref) {
  if (withText) {
    return (
      <Button ref={ref} variant="light" color={color} size="sm" leftSection={icon} {...tooltipProps} {...buttonProps}>
        {text}
      </Button>
    );
  }
  return (
    <ActionIcon ref={ref} variant="subtle" color={color} size={size} {...tooltipProps} {...buttonProps}>
      {icon}
    </ActionIcon>
  );
});

type StarProps = { day: string; achieved: boolean; editable: boolean; pending: boolean; onToggle: () => void; size?: 'sm' | 'md' | 'lg'; withText?: boolean };

/** The daily 10,000-step star: filled when achieved; stays focusable with its reason when closed. */
export function StepsStar({ day, achieved, editable, pending, onToggle, size = 'sm', withText = false }: StarProps) {
  const label = editable ? (achieved ? 'Remove the 10,000 steps mark' : 'I walked 10,000 steps') : STEPS_CLOSED_TOOLTIP;
  const icon = pending ? <Loader size={14} color="yellow" /> : achieved ? <IconStarFilled size={16} /> : <IconStar size={16} />;
  return (
    <Tooltip label={label}>
      <Marker
        size={size}
        color="yellow"
        icon={icon}
        text={STEPS_BUTTON_TEXT}
        withText={withText}
        buttonProps={{
          'aria-label': `10,000 steps on ${dayTitle(day)}`,
          'aria-pressed': achieved,
          'aria-disabled': !editable,
          'aria-busy': pending || undefined,
          'data-disabled': !editable || undefined,
          'data-day-tool': 'star',
          // Not Mantine's `loading`: it disables the button, and a disabled button drops the keyboard focus.
          onClick: () => editable && !pending && onToggle(),
        }}
      />
    </Tooltip>
  );
}

type EventsProps = { day: string; hasEvents: boolean; onOpen: () => void; size?: 'sm' | 'md' | 'lg'; withText?: boolean };

/** Opens 'Participated events'; filled when the day has participation. */
export function EventsIcon({ day, hasEvents, onOpen, size = 'sm', withText = false }: EventsProps) {
  return (
    <Tooltip label={hasEvents ? 'Participated events' : 'Log an event participation'}>
      <Marker
        size={size}
        color="grape"
        icon={hasEvents ? <IconFlagFilled size={16} /> : <IconFlag size={16} />}
        text={EVENTS_BUTTON_TEXT}
        withText={withText}
        buttonProps={{ 'aria-label': `Participated events on ${dayTitle(day)}`, 'data-filled': hasEvents, 'data-day-tool': 'events', onClick: onOpen }}
      />
    </Tooltip>
  );
}
