import { ActionIcon, Button, Group, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { monthTitle } from '../month';

/** The custom Prev/Next toolbar with the month title (docs/product-rules.md#dashboard-and-calendar). */
export function CalendarToolbar({ month, isCurrentMonth, onPrev, onNext, onToday }: { month: string; isCurrentMonth: boolean; onPrev: () => void; onNext: () => void; onToday: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Title order={2} fz={{ base: 18, sm: 24 }} style={{ whiteSpace: 'nowrap' }} aria-live="polite">
        {monthTitle(month)}
      </Title>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" size="compact-md" onClick={onToday} disabled={isCurrentMonth}>
          Today
        </Button>
        <Tooltip label="Previous month">
          <ActionIcon variant="default" size="lg" aria-label="Previous month" onClick={onPrev}>
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Next month">
          <ActionIcon variant="default" size="lg" aria-label="Next month" onClick={onNext}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
