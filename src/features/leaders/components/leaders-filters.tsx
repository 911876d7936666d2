import { Group, Select } from '@mantine/core';
import { levels, type LevelOfCompetition } from '../../../api/contract/common';
import { competitionYearLabel } from '../../../lib/competition';

const NONE = 'None';

type Props = {
  level: LevelOfCompetition | null;
  year: number;
  years: number[];
  onLevelChange: (level: LevelOfCompetition | null) => void;
  onYearChange: (year: number) => void;
};

/** Level of competition (default 'None' = every level) and competition year (last 5). */
export function LeadersFilters({ level, year, years, onLevelChange, onYearChange }: Props) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select
        label="Level of competition"
        data={[NONE, ...levels]}
        value={level ?? NONE}
        onChange={(value) => onLevelChange(!value || value === NONE ? null : (value as LevelOfCompetition))}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label="Competition year"
        data={years.map((option) => ({ value: String(option), label: competitionYearLabel(option) }))}
        value={String(year)}
        onChange={(value) => value && onYearChange(Number(value))}
        allowDeselect={false}
        w={{ base: '100%', xs: 180 }}
      />
    </Group>
  );
}
