import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/**
 * The mocks in Node (vitest: client tests on jsdom, the contract suite). Start it with
 * `mockServer.listen({ onUnhandledRequest: 'error' })`, reset between tests with `resetMockDb()`.
 */
export const mockServer = setupServer(...handlers);

export { resetMockDb, mockDb } from './db';
export { mockClock } from './clock';
export { mockOutbox } from './outbox';
export { mockScenario } from './scenarios';
export { mockAccess } from './access/settings';
export { mockSso } from './sso/settings';
export { mockOperatorFaults } from './trackers/operator-faults';
export { mockNetwork } from './network';
