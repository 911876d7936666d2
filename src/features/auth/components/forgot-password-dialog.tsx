import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { ForgotPasswordBody } from '../../../api/contract';
import { useSchemaForm } from '../../../components/form';
import { Logo } from '../../../components/logo';

/**
 * docs/product-rules.md#screens-and-navigation: modal, centred, static backdrop, not closable with the keyboard, product logo in the
 * header; Send dispatches and closes at once, Cancel closes without sending.
 */
export function ForgotPasswordDialog({ opened, onClose, onSend, initialEmail = '' }: { opened: boolean; onClose: () => void; onSend: (email: string) => void; /** What the login form holds. */ initialEmail?: string }) {
  // Send hands the address up and closes at once (docs/product-rules.md#screens-and-navigation): the request and its toasts live on the login screen.
  const { form, field, onSubmit } = useSchemaForm({
    schema: ForgotPasswordBody,
    mode: 'onTouched',
    defaultValues: { email: '' },
    onValid: ({ email }) => {
      onSend(email);
      close();
    },
  });
  // Each opening starts from the address already typed on the login form: nobody types it twice.
  const { reset } = form;
  useEffect(() => {
    if (opened) reset({ email: initialEmail });
  }, [opened, initialEmail, reset]);
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      transitionProps={{ duration: 300 }}
      overlayProps={{ transitionProps: { duration: 150 }, backgroundOpacity: 0.55, blur: 2 }}
      title={<Logo withName size={32} />}
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <Title order={3} fz="h4">
            Forgot your password?
          </Title>
          <Text size="sm" c="dimmed" mt={-8}>
            Enter the e-mail of your account and we will send you a link to set a new password.
          </Text>
          <TextInput label="Email" type="email" autoComplete="email" data-autofocus {...field('email')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" type="button" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Send</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
