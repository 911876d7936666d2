import { ActionIcon, Button, Group, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { monthTitle } from '../month';

/**
 * The custom Prev/Next toolbar with the month title (docs/product-rules.md#dashboard-and-calendar);
 * `disabled` while the calendar itself is still on its way (dashboard-placeholder.tsx).
 */
export function CalendarToolbar({
  month,
  isCurrentMonth,
  onPrev,
  onNext,
  onToday,
  disabled = false,
}: {
  month: string;
  isCurrentMonth: boolean;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  disabled?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Title order={2} fz={{ base: 18, sm: 24 }} style={{ whiteSpace: 'nowrap' }} aria-live="polite">
        {monthTitle(month)}
      </Title>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" size="compact-md" onClick={onToday} disabled={disabled || isCurrentMonth}>
          Today
        </Button>
        <Tooltip label="Previous month">
          <ActionIcon variant="default" size="lg" aria-label="Previous month" onClick={onPrev} disabled={disabled}>
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Next month">
          <ActionIcon variant="default" size="lg" aria-label="Next month" onClick={onNext} disabled={disabled}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
