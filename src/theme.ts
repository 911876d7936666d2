import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A fresh teal-green: energetic without shouting, readable in light and dark. */
// Shades 7-9 are dark enough for white text (WCAG AA 4.5:1; #0c7c5c on white is 5.2:1).
const brand: MantineColorsTuple = ['#e6fcf5', '#d3f5ea', '#a8e9d4', '#79ddbd', '#52d3a9', '#39cd9c', '#27c994', '#0c7c5c', '#0a6e52', '#085a43'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 8 },
  // White text on a deep shade in both schemes (shade 8 on dark: 6:1); autoContrast for custom colours.
  autoContrast: true,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  components: {
    // docs/product-rules.md#screens-and-navigation: tooltip delay 250 ms; modal 300 ms and backdrop 150 ms transitions.
    Tooltip: { defaultProps: { openDelay: 250, withArrow: true } },
    Modal: {
      defaultProps: { centered: true, transitionProps: { duration: 300 }, overlayProps: { transitionProps: { duration: 150 } }, closeButtonProps: { 'aria-label': 'Close' } },
    },
    // The show-password eye is reached by Tab like any button (Mantine leaves it out of the tab order).
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
    // Close buttons have no text of their own: name them for screen readers (axe button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});
