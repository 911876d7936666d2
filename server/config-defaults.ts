import { OPEN_SIGNUP } from '@/domain/access-policy';
import { rateLimitRules } from '@/domain/rate-limit-rules';
import { defaultScoringRules } from '@/domain/scoring-rules';
import { defaultStravaPacing } from './trackers/providers/strava/pacing';
import type { AppConfig } from './config-types';

const MEGABYTE = 1_000_000;

/**
 * The settings of an app built in code rather than from the environment (tests, mock mode in the
 * browser): fixed secrets, nothing external configured, the product's default rules. No Node API,
 * so the browser host uses it as it is.
 */
export const builtInConfig = (paths: { dataDir: string; staticDir: string }, overrides: Partial<AppConfig> = {}): AppConfig => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: paths.dataDir,
  appOrigin: 'http://localhost:3000',
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  tokenEncryptionKey: 'test-key-for-sealing-tracker-tokens',
  accessTokenTtlSeconds: 900,
  refreshTokenTtlDays: 30,
  sessionMaxDays: 30,
  refreshGraceSeconds: 10,
  resetTokenTtlMinutes: 60,
  mailFrom: 'Wellness Challenge <no-reply@localhost>',
  secureCookies: false,
  trustProxy: { kind: 'none' },
  logLevel: 'silent',
  metricsToken: null,
  backup: { dir: null, everyHours: 24, keep: 7 },
  strava: null,
  fitbit: null,
  providerSettings: {},
  trackerSyncEveryMinutes: 0,
  stravaPacing: defaultStravaPacing,
  scoring: defaultScoringRules,
  staticDir: paths.staticDir,
  serveSourceMaps: false,
  signupsPerAddressPerHour: rateLimitRules.signupPerAddress.limit,
  signup: { ...OPEN_SIGNUP, fromEnvironment: true },
  confirmationTtlHours: 72,
  invitationTtlDays: 14,
  oidc: null,
  passwordSignin: true,
  teams: { minimumGroupSize: 5, ssoClaim: null },
  workoutFiles: { maxUploadBytes: 1024 * MEGABYTE, maxUnpackedBytes: 8192 * MEGABYTE },
  ...overrides,
});
