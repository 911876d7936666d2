import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ForgotPasswordDialog } from './forgot-password-dialog';

const OpeningDialog = lazy(() => import('./opening-forgot-password-dialog'));

/**
 * The forgot-password dialog, fetched on its first opening: Mantine's Modal brings focus trap,
 * scroll lock and scroll area (with floating-ui), a large part of the login page's JavaScript, for
 * a dialog most visits never open. Once opened it stays mounted, so it also animates closed.
 */
export function LazyForgotPasswordDialog(props: Omit<ComponentProps<typeof ForgotPasswordDialog>, 'onSend'>) {
  const [wanted, setWanted] = useState(false);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OpeningDialog {...props} />
    </Suspense>
  );
}
