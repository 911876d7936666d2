import { ActionIcon, Tooltip } from '@mantine/core';
import { IconFlag, IconFlagFilled, IconStar, IconStarFilled } from '@tabler/icons-react';
import { dayTitle } from '../month';

export const STEPS_CLOSED_TOOLTIP = 'Time to toggle daily step achievement is over';

type StarProps = { day: string; achieved: boolean; editable: boolean; pending: boolean; onToggle: () => void; size?: 'sm' | 'md' | 'lg' };

/** The daily 10,000-step star: filled when achieved; stays focusable with its reason when closed. */
export function StepsStar({ day, achieved, editable, pending, onToggle, size = 'sm' }: StarProps) {
  const label = editable ? (achieved ? 'Remove the 10,000 steps mark' : 'I walked 10,000 steps') : STEPS_CLOSED_TOOLTIP;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="yellow"
        size={size}
        aria-label={`10,000 steps on ${dayTitle(day)}`}
        aria-pressed={achieved}
        aria-disabled={!editable}
        data-disabled={!editable || undefined}
        loading={pending}
        onClick={() => editable && onToggle()}
      >
        {achieved ? <IconStarFilled size={16} /> : <IconStar size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** Opens 'Participated events'; filled when the day has participation. */
export function EventsIcon({ day, hasEvents, onOpen, size = 'sm' }: { day: string; hasEvents: boolean; onOpen: () => void; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Tooltip label={hasEvents ? 'Participated events' : 'Log an event participation'}>
      <ActionIcon variant="subtle" color="grape" size={size} aria-label={`Participated events on ${dayTitle(day)}`} data-filled={hasEvents} onClick={onOpen}>
        {hasEvents ? <IconFlagFilled size={16} /> : <IconFlag size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
