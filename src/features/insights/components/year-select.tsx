import { Select } from '@mantine/core';
import { competitionYearLabel, competitionYearOptions } from '@/domain/competition';
import { useClock } from '../../../lib/use-clock';

/** The app's year filter: the current competition year down to max(2022, current - 4). */
export function YearSelect({ value, onChange }: { value: number; onChange: (year: number) => void }) {
  const years = competitionYearOptions(useClock().now());
  return (
    <Select
      label="Competition year"
      data={years.map((option) => ({ value: String(option), label: competitionYearLabel(option) }))}
      value={String(value)}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
      w={180}
    />
  );
}
