/**
 * The browser keeps the mock db across reloads (a reload must keep the session, and QA's signups
 * should survive). mocks/browser.ts installs the saver; tests never do, so nothing persists there.
 */
let onChange: (() => void) | null = null;

export const setMockDbChangeListener = (listener: (() => void) | null) => {
  onChange = listener;
};

/** Called by mockRoute after every non-GET call. */
export const notifyMockDbChanged = () => {
  try {
    onChange?.();
  } catch (error) {
    console.warn('[mocks] could not save the mock database', error);
  }
};
