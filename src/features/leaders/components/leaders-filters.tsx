import { CompetitionYearSelect } from '../../../components/competition-year-select';
import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { levels, type LevelOfCompetition } from '../../../api/contract/common';
import { useUrlSearchBox } from '../../../lib/use-url-search-box';

const NONE = 'None';

type Props = {
  level: LevelOfCompetition | null;
  year: number;
  search: string | undefined;
  onLevelChange: (level: LevelOfCompetition | null) => void;
  onYearChange: (year: number) => void;
  onSearchChange: (search: string | undefined) => void;
};

/** Name search (debounced, `/` focuses it), level of competition (default 'None' = every level) and competition year (last 5). */
export function LeadersFilters({ level, year, search, onLevelChange, onYearChange, onSearchChange }: Props) {
  const { inputRef, text, onType } = useUrlSearchBox(search, onSearchChange);
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput
        ref={inputRef}
        label="Search by name"
        placeholder="Name  ( / )"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        maxLength={100}
        onChange={onType}
        w={{ base: '100%', xs: 240 }}
      />
      <Select
        label="Level of competition"
        data={[NONE, ...levels]}
        value={level ?? NONE}
        onChange={(value) => onLevelChange(!value || value === NONE ? null : (value as LevelOfCompetition))}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
<CompetitionYearSelect value={year} onChange={onYearChange} w={{ base: '100%', xs: 180 }} />
    </Group>
  );
}
