import { Alert } from '@mantine/core';

/** A server refusal that names no field of the form: one alert above the buttons, read out at once (role alert). */
export function FormAlert({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" p="xs">
      {messages.join(' ')}
    </Alert>
  );
}
