import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mockAccess } from '../../mocks/access/settings';
import { mockClock } from '../../mocks/clock';
import { mockNetwork } from '../../mocks/network';
import { mockOutbox } from '../../mocks/outbox';
import { mockScenario } from '../../mocks/scenarios';
import { clientHost } from './support/host';

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

/**
 * jsdom's ArrayBuffer and Uint8Array are another realm's than those Node's TextEncoder and WebCrypto
 * return, so `instanceof` fails in the server code the host runs (openid-client's PKCE, ID-token checks).
 */
const installNodeByteClasses = () => {
  const NodeUint8Array = new TextEncoder().encode('').constructor as Uint8ArrayConstructor;
  const NodeArrayBuffer = new NodeUint8Array(0).buffer.constructor as ArrayBufferConstructor;
  Object.assign(globalThis, { Uint8Array: NodeUint8Array, ArrayBuffer: NodeArrayBuffer });
};

installJsdomStubs();
installNodeByteClasses();
await installNodeMultipartClasses();
// Two shared cores run many suites at once (CI runs the server suites on PostgreSQL beside these): a
// write's answer and the month read after it took over 4 s there once. Room before calling it a failure.
configure({ asyncUtilTimeout: 8000 });

const { server } = clientHost;

beforeAll(async () => {
  // Every /api request must reach the host or a test's handler: an unknown call fails the test.
  // Anything else (a tracker's or identity provider's page a test opens itself) passes through.
  server.listen({
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).pathname.startsWith('/api/')) print.error();
    },
  });
  // Opening the worker's PGlite and seeding the snapshot (~20 s on a busy machine) is the hook's time, not the first test's.
  await clientHost.reset();
});

beforeEach(async () => {
  mockClock.set(null);
  mockOutbox.clear();
  mockScenario.reset();
  mockScenario.setLatency(0);
  localStorage.clear();
  // The session hint cookie (src/api/contract/session-hint.ts) of an earlier test's sign-in: every test starts as a guest.
  document.cookie = 'wc_session=; Max-Age=0; Path=/';
  mockNetwork.reset();
  mockAccess.reset();
  await clientHost.reset();
});

afterEach(async () => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  notifications.clean();
  // Work a test's last request started (mail jobs, after-response writes) ends before the next reset.
  await clientHost.idle();
  // The device store saves 200 ms after a change: a save still waiting would land after the next
  // test's localStorage.clear() and hand it this test's month. 'pagehide' saves at once, as when a tab closes.
  window.dispatchEvent(new Event('pagehide'));
});

afterAll(async () => {
  server.close();
  await clientHost.stop();
});
