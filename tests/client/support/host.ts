import { fixturesEmployedSince } from '../../../mocks/seed/users';
import { nodeMockHost } from '../../support/mock-host';

/**
 * The worker's one mock host (the client project shares modules between files): the server's route
 * table over PGlite behind MSW. tests/client/setup.ts starts it and resets it before every test.
 * The fixture people are employees since the first competition year, as in the browser's mock mode.
 */
export const clientHost = nodeMockHost({ joinedAt: fixturesEmployedSince });
