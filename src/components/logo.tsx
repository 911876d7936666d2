import { Group, Text } from '@mantine/core';

/** The product mark; `withName` adds the word mark (hidden by callers on narrow screens). */
export function Logo({ size = 36, withName = false, nameVisibleFrom }: { size?: number; withName?: boolean; nameVisibleFrom?: 'xs' | 'sm' | 'md' }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <img src="/logo.svg" alt="Wellness Challenge logo" width={size} height={size} style={{ display: 'block', flex: 'none' }} />
      {withName && (
        <Text fw={800} size="lg" visibleFrom={nameVisibleFrom} style={{ letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}>
          Wellness Challenge
        </Text>
      )}
    </Group>
  );
}
