import { Select, type SelectProps } from '@mantine/core';
import { competitionYearLabel, competitionYearOptions } from '@/domain/competition';
import { useClock } from '../lib/use-clock';

type Props = { value: number; onChange: (year: number) => void; w?: SelectProps['w'] };

/** The app's one competition year picker: the current year down to max(2022, current - 4) (docs/product-rules.md#competition-year). */
export function CompetitionYearSelect({ value, onChange, w = 180 }: Props) {
  const years = competitionYearOptions(useClock().now());
  return (
    <Select
      label="Competition year"
      data={years.map((option) => ({ value: String(option), label: competitionYearLabel(option) }))}
      value={String(value)}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
      w={w}
    />
  );
}
