/** Where the API lives; jsdom and the browser both know location (ky needs an absolute prefix under jsdom). */
export const API_BASE = `${globalThis.location?.origin ?? 'http://localhost'}/api`;
