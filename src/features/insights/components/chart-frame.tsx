import { Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export const CHART_HEIGHT = 240;

/**
 * One chart with its heading. The drawing itself is an image to assistive technology (its label
 * says what it shows); the Table view lists every value.
 */
export function ChartFrame({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0}>
      <Text component="figcaption" fw={600} mb="xs">
        {title}
      </Text>
      <div role="img" aria-label={`${title}: ${description}`}>
        {children}
      </div>
    </Paper>
  );
}

/** Same size as a chart, while the chart code loads. */
export function ChartSkeleton() {
  return <Skeleton height={CHART_HEIGHT} radius="md" aria-hidden />;
}
