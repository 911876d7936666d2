import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mockClock, mockNetwork, mockOutbox, mockScenario, mockServer, resetMockDb } from '../../mocks/node';
import { mockAccess } from '../../mocks/access/settings';
import { mockSso } from '../../mocks/sso/settings';
import { mockOperatorFaults } from '../../mocks/trackers/operator-faults';

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
  const JsdomFormData = window.FormData;
  /** React 19 reads a submitted form with `new FormData(form, submitter)`: Node's cannot read a jsdom form. */
  class TestFormData extends NodeFormData {
    constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
      super();
      if (!form) return;
      for (const [name, value] of new JsdomFormData(form, submitter ?? undefined)) {
        if (typeof value === 'string') this.append(name, value);
      }
    }
  }
  Object.assign(globalThis, { FormData: TestFormData, Blob: NodeBlob, File: NodeFile });
  Object.assign(window, { FormData: TestFormData, Blob: NodeBlob, File: NodeFile });
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
  mockNetwork.reset();
  mockAccess.reset();
  mockSso.reset();
  mockOperatorFaults.reset();
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
