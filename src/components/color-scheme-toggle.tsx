import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { LazyTooltip } from './lazy-tooltip';

export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const label = scheme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <LazyTooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}>
        {scheme === 'dark' ? <IconSun size={20} stroke={1.7} /> : <IconMoon size={20} stroke={1.7} />}
      </ActionIcon>
    </LazyTooltip>
  );
}
