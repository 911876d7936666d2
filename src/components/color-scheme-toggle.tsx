import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import './color-scheme-toggle.css';
import { LazyTooltip } from './lazy-tooltip';

export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const label = scheme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <LazyTooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}>
        <span className="color-scheme-icon" data-icon={scheme === 'dark' ? 'sun' : 'moon'} aria-hidden />
      </ActionIcon>
    </LazyTooltip>
  );
}
