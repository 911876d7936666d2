import { SegmentedControl } from '@mantine/core';

export type InsightsViewMode = 'chart' | 'table';

/** Charts or the same numbers as a table (screen readers, keyboard, exact values). */
export function ViewSwitch({ value, onChange }: { value: InsightsViewMode; onChange: (mode: InsightsViewMode) => void }) {
  return (
    <SegmentedControl
      aria-label="Show as"
      value={value}
      onChange={(next) => onChange(next as InsightsViewMode)}
      data={[
        { value: 'chart', label: 'Charts' },
        { value: 'table', label: 'Table' },
      ]}
    />
  );
}
