import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ApiType } from '../../../api/contract/trackers';
import { USER_ENTRY, USER_ENTRY_AFTER_SIGNUP } from '../../../lib/guard';
import { takeTrackerReturnUrl } from '../../../lib/tracker-return';
import { useConnectService } from '../api/use-connect-service';
import type { TrackerReturnSearch } from '../return-search';
import { serviceByType } from '../services';


/** Why a return cannot be used, before asking the server anything (the server checks the state itself). */
const problemOf = (label: string, search: TrackerReturnSearch) => {
  if (search.error) return search.error === 'access_denied' ? `${label} access was not granted.` : `${label} reported an error: ${search.error}.`;
  if (!search.code) return `${label} did not send an authorisation code.`;
  if (!search.state) return `This ${label} connection was not started here. Please start again.`;
  return null;
};

/**
 * The /strava and /fitbit return page: connects the service with the code, then goes back to the
 * page saved before leaving (or the dashboard). On a problem it says so and offers the way back.
 */
export function TrackerReturn({ service, search }: { service: ApiType; search: TrackerReturnSearch }) {
  const { label } = serviceByType(service);
  const connect = useConnectService();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [backTo, setBackTo] = useState(USER_ENTRY_AFTER_SIGNUP);
  const started = useRef(false);

  useEffect(() => {
    // Once per visit: the code can be exchanged only once (StrictMode mounts effects twice).
    if (started.current) return;
    started.current = true;
    const found = problemOf(label, search);
    if (found) {
      // The inputs are one-shot browser storage read once per visit, not React state to derive from.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setBackTo(takeTrackerReturnUrl() ?? USER_ENTRY_AFTER_SIGNUP);
      setProblem(found);
      return;
    }
    connect.mutate(
      { service, code: search.code!, state: search.state!, scope: search.scope },
      {
        // The server imports the current competition year right after connecting; the connector shows it.
        onSuccess: () => void navigate({ href: takeTrackerReturnUrl() ?? USER_ENTRY, replace: true }),
        onError: (error) => {
          setBackTo(takeTrackerReturnUrl() ?? USER_ENTRY_AFTER_SIGNUP);
          setProblem(error.message);
        },
      },
    );
  }, [connect, label, navigate, search, service]);

  if (!problem) {
    return (
      <Stack align="center" gap="sm" py="xl" role="status">
        <Loader />
        <Text>Connecting {label}...</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={`${label} could not be connected`}>
        {problem}
      </Alert>
      <div>
        <Button component={Link} to={backTo}>
          Go back
        </Button>
      </div>
    </Stack>
  );
}
