import type * as AuthCalls from './auth-calls';

/** The login page's calls, loaded once on first use; `preloadAuthCalls` starts that early (first keystroke or focus). */
let loading: Promise<typeof AuthCalls> | null = null;
export const preloadAuthCalls = () => (loading ??= import('./auth-calls'));
