import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
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

/** Desktop header: star, event icon and (when the day has activities) a small '+'; the day number. A phone's is grid-content.ts's. */
export function DayCellHeader({ state, actions }: { state: DayState; actions: DayActions }) {
  const { day, dayNumber, achieved, hasEvents, hasActivities, editable, starPending } = state;
  const future = day > useToday();
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
