import { Checkbox, Group } from '@mantine/core';
import { quarters, type Quarter } from '@/domain/competition';
import type { QuarterlyBonus } from '../../../api/contract/users';

const QUARTER_LABELS: Record<Quarter, string> = { firstQuarter: 'Q1', secondQuarter: 'Q2', thirdQuarter: 'Q3', fourthQuarter: 'Q4' };

type Props = {
  name: string;
  flags: QuarterlyBonus;
  busy: boolean;
  onChange: (flags: QuarterlyBonus) => void;
};

/** Q1-Q4 of the bonus year; a click sends all four flags with the one changed. */
export function QuarterlyBonusCell({ name, flags, busy, onChange }: Props) {
  return (
    <Group gap="sm" wrap="nowrap">
      {quarters.map((quarter) => (
        <Checkbox
          key={quarter}
          size="sm"
          label={QUARTER_LABELS[quarter]}
          aria-label={`${QUARTER_LABELS[quarter]} bonus for ${name}`}
          checked={flags[quarter]}
          disabled={busy}
          onChange={(event) => onChange({ ...flags, [quarter]: event.currentTarget.checked })}
        />
      ))}
    </Group>
  );
}
