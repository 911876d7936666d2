import { ActionIcon, Tooltip } from '@mantine/core';
import { IconFlagFilled, IconPlus, IconStarFilled } from '@tabler/icons-react';
import { useToday } from '../dashboard-clock';
import { dayTitle } from '../month';
import { EventsIcon, StepsStar } from './day-markers';

export type DayState = {
  day: string;
  dayNumber: number;
  achieved: boolean;
  hasEvents: boolean;
  hasActivities: boolean;
  editable: boolean;
  starPending: boolean;
};

export type DayActions = {
  onToggleSteps: (day: string, achieved: boolean) => void;
  onOpenEvents: (day: string) => void;
  onAddActivity: (day: string) => void;
  onOpenDay: (day: string) => void;
};

/** Desktop header: star, event icon and (when the day has activities) a small '+'; the day number. */
export function DayCellHeader({ state, actions, compact }: { state: DayState; actions: DayActions; compact: boolean }) {
  const { day, dayNumber, achieved, hasEvents, hasActivities, editable, starPending } = state;
  const future = day > useToday();
  if (compact) {
    // Phones: one tap target for the whole header; the day sheet holds every action.
    return (
      // A plain button (styled as Mantine's UnstyledButton in activity-calendar.css): the grid draws 35
      // of these on every month, and a Mantine Box with its style hooks each is a phone's month-switch time.
      <button type="button" className="mantine-focus-auto wc-day-compact" data-day-tool="open" aria-label={`Open ${dayTitle(day)}`} onClick={() => actions.onOpenDay(day)}>
        <span className="wc-day-number">{dayNumber}</span>
        <span className="wc-day-marks" aria-hidden>
          {achieved && <IconStarFilled size={11} color="var(--mantine-color-yellow-6)" />}
          {hasEvents && <IconFlagFilled size={11} color="var(--mantine-color-grape-6)" />}
        </span>
        {editable && !hasActivities && <IconPlus className="wc-day-add-hint" size={16} aria-hidden />}
      </button>
    );
  }
  return (
    <div className="wc-day-head">
      {/* Nothing can happen on a future day yet: keep its cell quiet. */}
      <div className="wc-day-tools">
        {!future && (
          <>
            <StepsStar day={day} achieved={achieved} editable={editable} pending={starPending} onToggle={() => actions.onToggleSteps(day, achieved)} />
            <EventsIcon day={day} hasEvents={hasEvents} onOpen={() => actions.onOpenEvents(day)} />
          </>
        )}
        {editable && hasActivities && (
          <Tooltip label="Add new activity">
            <ActionIcon variant="subtle" size="sm" data-day-tool="add" aria-label={`Add new activity on ${dayTitle(day)}`} onClick={() => actions.onAddActivity(day)}>
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </div>
      <span className="wc-day-number">{dayNumber}</span>
      {editable && !hasActivities && (
        <Tooltip label="Add new activity">
          <ActionIcon className="wc-day-add" variant="subtle" radius="xl" size="lg" data-day-tool="add" aria-label={`Add new activity on ${dayTitle(day)}`} onClick={() => actions.onAddActivity(day)}>
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </div>
  );
}
