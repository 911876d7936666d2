/**
 * A cookie the web app can read (not httpOnly, no secret: its value is "1") set and cleared with the
 * refresh cookie, on path `/`. Its absence tells a page load that nobody is signed in on this
 * browser, so it shows the guest pages without asking POST /auth/refresh (whose 401 a browser
 * reports as a console error). A stale one only costs that refresh call.
 */
export const SESSION_HINT_COOKIE = 'wc_session';
export const SESSION_HINT_COOKIE_OPTIONS = { path: '/', httpOnly: false, sameSite: 'strict' } as const;
