import { useEffect, useState, type ComponentProps } from 'react';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/**
 * Mounts closed and opens on the next frame, so Mantine plays the modal's opening transition
 * (SPEC 9) on this fresh mount as on any later opening.
 */
export default function OpeningForgotPasswordDialog({ opened, ...props }: ComponentProps<typeof ForgotPasswordDialog>) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return <ForgotPasswordDialog {...props} opened={opened && mounted} />;
}
