import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mockClock, mockOutbox, mockScenario, mockServer, resetMockDb } from '../../mocks/node';

/** Browser APIs Mantine uses that jsdom lacks. */
const installJsdomStubs = () => {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub;
  globalThis.ResizeObserver = ResizeObserverStub;
  Element.prototype.scrollIntoView = vi.fn();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
};

/**
 * jsdom's FormData/File are not Node's, and Node's fetch (which MSW intercepts) serialises a jsdom
 * FormData with its file parts emptied. Multipart requests need Node's own classes.
 */
const installNodeMultipartClasses = async () => {
  const NodeFormData = (await new Response(new URLSearchParams('probe=1')).formData()).constructor as typeof FormData;
  Object.assign(globalThis, { FormData: NodeFormData, Blob: NodeBlob, File: NodeFile });
  Object.assign(window, { FormData: NodeFormData, Blob: NodeBlob, File: NodeFile });
};

installJsdomStubs();
await installNodeMultipartClasses();
// Two shared cores run many suites at once: give findBy/waitFor room before calling it a failure.
configure({ asyncUtilTimeout: 4000 });

beforeAll(() => {
  // Every request must hit a handler: an unknown call fails the test instead of passing silently.
  mockServer.listen({ onUnhandledRequest: 'error' });
});

beforeEach(() => {
  mockClock.set(null);
  resetMockDb();
  mockOutbox.clear();
  mockScenario.next(null);
  mockScenario.setLatency(0);
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  mockServer.resetHandlers();
  mockServer.events.removeAllListeners();
  notifications.clean();
});

afterAll(() => {
  mockServer.close();
});
