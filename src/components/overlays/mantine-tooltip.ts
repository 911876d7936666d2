// The one static import of Mantine's Tooltip (and with it floating-ui), loaded by LazyTooltip.
export { Tooltip as default } from '@mantine/core';
