import { Text } from '@mantine/core';

/** Under a table that scrolls sideways: a phone shows the first columns only, so say that the rest is a swipe away. */
export function SideScrollHint({
  shown,
  mt = 4,
}: {
  shown: boolean;
  /** Space above it (a Stack's gap already gives some). */ mt?: number;
}) {
  if (!shown) return null;
  return (
    <Text size="xs" c="dimmed" ta="right" mt={mt} data-testid="more-columns">
      More columns to the right: swipe or scroll sideways →
    </Text>
  );
}
