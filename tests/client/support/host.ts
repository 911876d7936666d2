import { mockOutbox } from '../../../mocks/outbox';
import { fixturesEmployedSince } from '../../../mocks/seed/users';
import { nodeMockHost } from '../../support/mock-host';

/**
 * The worker's one mock host (the client project shares modules between files): the server's route
 * table over PGlite behind MSW. tests/client/setup.ts starts it and resets it before every test.
 * The fixture people are employees since the first competition year, as in the browser's mock mode.
 */
export const clientHost = nodeMockHost({ joinedAt: fixturesEmployedSince });

/**
 * The mock outbox once the server's jobs have run: it mails from a job after its answer, so a test
 * that read the outbox straight after a call raced that job (and failed under load).
 */
export const sentMail = async () => {
  await clientHost.idle();
  return mockOutbox;
};
