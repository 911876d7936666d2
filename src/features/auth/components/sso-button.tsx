import { Button } from '@mantine/core';
import { useSsoStart } from '../api/use-sso-start';

/** 'Sign in with <label>': the company's identity provider (shown only when single sign-on is set up). */
export function SsoButton({ label }: { label: string }) {
  const start = useSsoStart();
  // Stays busy after success too: the browser is on its way to the provider.
  const busy = start.isPending || start.isSuccess;
  return (
    <Button variant="default" fullWidth loading={busy} onClick={() => start.mutate()}>
      Sign in with {label}
    </Button>
  );
}
