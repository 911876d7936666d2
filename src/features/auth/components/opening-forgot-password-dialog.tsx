import { useEffect, useState, type ComponentProps } from 'react';
import { useForgotPassword } from '../api/use-forgot-password';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/**
 * Mounts closed and opens on the next frame, so Mantine plays the modal's opening transition
 * (docs/product-rules.md#screens-and-navigation) on this fresh mount as on any later opening. It holds the reset request (and its
 * toasts): once opened it stays mounted, so the request outlives the dialog closing at once.
 */
export default function OpeningForgotPasswordDialog({ opened, ...props }: Omit<ComponentProps<typeof ForgotPasswordDialog>, 'onSend'>) {
  const forgotPassword = useForgotPassword();
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return <ForgotPasswordDialog {...props} opened={opened && mounted} onSend={(email) => forgotPassword.mutate(email)} />;
}
