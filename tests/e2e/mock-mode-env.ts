/** Where the mock-mode suite serves the static `build:mock` (playwright.mock.config.ts); `MOCK_MODE_PORT` moves it. */
export const MOCK_MODE_PORT = Number(process.env.MOCK_MODE_PORT ?? 4174);
export const MOCK_MODE_URL = `http://127.0.0.1:${MOCK_MODE_PORT}`;
/** Where it serves the mock database check page (tests/e2e/mock-db-page); `MOCK_DB_PAGE_PORT` moves it. */
export const MOCK_DB_PAGE_PORT = Number(process.env.MOCK_DB_PAGE_PORT ?? 4173);
export const MOCK_DB_PAGE_URL = `http://127.0.0.1:${MOCK_DB_PAGE_PORT}`;
