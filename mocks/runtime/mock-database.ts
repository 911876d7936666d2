import { mockDatabase } from 'virtual:mock-database';
import { openBrowserDb } from './browser-db';

/** Mock mode's database in this build (`dev:mock`, `build:mock`): the dump the Vite plugin serves, kept in IndexedDB. */
export const openMockModeDb = () => openBrowserDb(mockDatabase);
