import { Center, Loader } from '@mantine/core';

/** Shown by the router while a slow page loader runs. */
export default function PagePendingView() {
  return (
    <Center py={64}>
      <Loader aria-label="Loading page" />
    </Center>
  );
}
