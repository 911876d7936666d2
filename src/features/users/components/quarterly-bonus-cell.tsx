import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { hasQuarterStarted, quarterStartDay, quarters, type Quarter } from '@/domain/competition';
import type { QuarterlyBonus } from '../../../api/contract/users';
import { useClock } from '../../../lib/use-clock';

const QUARTER_LABELS: Record<Quarter, string> = { firstQuarter: 'Q1', secondQuarter: 'Q2', thirdQuarter: 'Q3', fourthQuarter: 'Q4' };

const longDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

type Props = {
  name: string;
  /** The competition year the flags belong to. */
  year: number;
  flags: QuarterlyBonus;
  busy: boolean;
  onChange: (flags: QuarterlyBonus) => void;
};

/**
 * Q1-Q4 of the bonus year; a click sends all four flags with the one changed. A quarter that has not
 * begun cannot be awarded (docs/product-rules.md, "Quarterly bonus"): its box is disabled, and the
 * line below says from when it opens.
 */
export function QuarterlyBonusCell({ name, year, flags, busy, onChange }: Props) {
  const now = useClock().now();
  const reasonId = useId();
  const ahead = quarters.filter((quarter) => !flags[quarter] && !hasQuarterStarted(year, quarter, now));
  const next = ahead[0];
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="nowrap">
        {quarters.map((quarter) => (
          <Checkbox
            key={quarter}
            size="sm"
            label={QUARTER_LABELS[quarter]}
            aria-label={`${QUARTER_LABELS[quarter]} bonus for ${name}`}
            aria-describedby={ahead.includes(quarter) ? reasonId : undefined}
            checked={flags[quarter]}
            disabled={busy || ahead.includes(quarter)}
            onChange={(event) => onChange({ ...flags, [quarter]: event.currentTarget.checked })}
          />
        ))}
      </Group>
      {next && (
        <Text id={reasonId} size="xs" c="dimmed">
          {`${ahead.map((quarter) => QUARTER_LABELS[quarter]).join(', ')} not started: from ${longDay(quarterStartDay(year, next))}`}
        </Text>
      )}
    </Stack>
  );
}
