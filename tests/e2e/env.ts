/** Where the browser tests' app runs and the admin it bootstraps. */
export const E2E = {
  port: 3111,
  baseUrl: 'http://127.0.0.1:3111',
  dataDir: '.e2e-data',
  admin: { email: 'admin@e2e.test', password: 'Admin-e2e-Password1' },
  /** A fake Strava (tests/server/trackers/fake-provider.ts) that profile.spec.ts runs on this port. */
  fakeTrackerUrl: 'http://127.0.0.1:3112',
} as const;
