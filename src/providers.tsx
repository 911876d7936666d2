import '@mantine/core/styles.css';
// The month grid's styles (1 kB gzip) ride with the entry's stylesheet: as the dashboard chunk's own
// CSS, its JavaScript was requested only once that file had arrived (a round trip on a phone).
import './features/activity/components/activity-calendar.css';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastHost } from './components/overlays/toast-host';
import { theme } from './theme';

/**
 * Mantine's dimmed greys miss WCAG AA for small text (gray-6 is 3.3:1 on white): gray-7 in light and
 * dark-1 in dark keep it, so every `c="dimmed"` is readable. Placeholders get #6b7280 (4.8:1):
 * FileInput renders its placeholder as real text; in dark, dark-1 (6.9:1 on inputs).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': '#6b7280' },
  // Field errors in dark: red-4 (6:1 on inputs and modals); Mantine's red-8 is 3.4:1 there.
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-placeholder': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-4)' },
});

/**
 * Everything around the router: theme, query cache and toasts. The toast container is fetched when
 * the first toast shows, so the login page's first load does not carry it. Confirm dialogs are local
 * Modals of their screens (a lazily mounted modals manager could miss a click right after a load).
 */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
