import { Box, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LazyForgotPasswordDialog } from './lazy-forgot-password-dialog';
import { LOGIN_FORM_MAX_WIDTH, LoginForm } from './login-form';
import './login-screen.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAccessOptions } from '../../../api/access-options';
import { SsoButton } from './sso-button';

const highlights = [
  { icon: 'run', text: 'Log workouts and daily step goals in seconds' },
  { icon: 'calendar', text: 'Track events and your monthly minutes' },
  { icon: 'trophy', text: 'Climb the leaderboard of your level' },
];

/** The guest entry page: a short welcome beside the login form. */
export function LoginScreen() {
  useDocumentTitle('Log in');
  // The dialog opens with the e-mail typed so far; null: closed.
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  // Single sign-on and PASSWORD_SIGNIN come from the public options (the nav bar asks for them too); until they arrive the password form shows.
  const options = useAccessOptions();
  const sso = options?.sso ?? null;
  const passwordsOff = options?.passwordSignin === false && sso !== null;
  return (
    <Box px={{ base: 'sm', sm: 'xl' }} py={{ base: 'lg', sm: 64 }} maw={1040} mx="auto">
      <div className="login-screen-grid">
        <Stack gap="md">
          <h1 className="login-screen-title">Move more, together.</h1>
          <Text c="dimmed" size="lg">
            Welcome to the Wellness Challenge. Log in to record your activities and see how your team is doing.
          </Text>
          <Stack gap="xs" visibleFrom="sm">
            {highlights.map(({ icon, text }) => (
              <Box key={text} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
                <span className="login-highlight-icon" data-icon={icon} aria-hidden />
                <Text>{text}</Text>
              </Box>
            ))}
          </Stack>
        </Stack>
        <Box style={{ display: 'flex', justifyContent: 'center' }}>
          {passwordsOff ? (
            // Passwords off (PASSWORD_SIGNIN=false): the company account is the only way in, for newcomers too.
            <Paper component="section" aria-label="Log in" withBorder shadow="sm" p="lg" radius="lg" w="100%" maw={LOGIN_FORM_MAX_WIDTH}>
              <SsoButton label={sso.label} />
            </Paper>
          ) : (
            <LoginForm onForgotPassword={setForgotEmail}>
              {sso && <SsoButton label={sso.label} />}
            </LoginForm>
          )}
        </Box>
      </div>
      {!passwordsOff && <LazyForgotPasswordDialog opened={forgotEmail !== null} initialEmail={forgotEmail ?? ''} onClose={() => setForgotEmail(null)} />}
    </Box>
  );
}
