import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A fresh teal-green: energetic without shouting, readable in light and dark. */
const brand: MantineColorsTuple = ['#e6fcf5', '#d3f5ea', '#a8e9d4', '#79ddbd', '#52d3a9', '#39cd9c', '#27c994', '#14b180', '#009e71', '#008961'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 6 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  components: {
    // SPEC 9: tooltip delay 250 ms; modal 300 ms and backdrop 150 ms transitions.
    Tooltip: { defaultProps: { openDelay: 250, withArrow: true } },
    Modal: { defaultProps: { centered: true, transitionProps: { duration: 300 }, overlayProps: { transitionProps: { duration: 150 } } } },
  },
});
