import { defaultStravaPacing } from './trackers/providers/strava/pacing';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rateLimitRules } from '@/domain/rate-limit-rules';
import { OPEN_SIGNUP, parseEmailDomains, signupModes } from '@/domain/access-policy';
import { defaultScoringRules } from '@/domain/scoring-rules';
import { SSO_CALLBACK_PATH } from '@/contract/sso';
import { builtInConfig } from './config-defaults';
import { providerRegistry } from './trackers/registry';
import { parseTrustedProxies, type TrustedProxies } from './http/trusted-proxy';

export type { AppConfig, GoogleHealthConfig, OidcConfig, StravaConfig } from './config-types';
import type { AppConfig, GoogleHealthConfig, OidcConfig, StravaConfig } from './config-types';
import type { SignupPolicy } from '@/domain/access-policy';

import { ConfigError } from './config-error';

export { ConfigError };

const env = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};

const int = (name: string, fallback: number) => {
  const raw = env(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  return value;
};

const bool = (name: string, fallback: boolean) => {
  const raw = env(name);
  return raw === undefined ? fallback : ['1', 'true', 'yes'].includes(raw.toLowerCase());
};

/** A secret from the environment, else generated once and kept in DATA_DIR. */
const secretFor = (dataDir: string, name: 'JWT_SECRET' | 'TOKEN_ENCRYPTION_KEY', fileName: string) => {
  const fromEnv = env(name);
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

const stravaConfig = (appOrigin: string): StravaConfig | null => {
  const clientId = env('STRAVA_CLIENT_ID');
  const clientSecret = env('STRAVA_CLIENT_SECRET');
  if (!clientId || !clientSecret) return null;
  const oauthBaseUrl = (env('STRAVA_OAUTH_URL') ?? 'https://www.strava.com').replace(/\/$/, '');
  return {
    clientId,
    clientSecret,
    oauthBaseUrl,
    apiBaseUrl: (env('STRAVA_API_URL') ?? 'https://www.strava.com/api/v3').replace(/\/$/, ''),
    revokeUrl: env('STRAVA_REVOKE_URL') ?? `${oauthBaseUrl}/oauth/deauthorize`,
    webhookVerifyToken: env('STRAVA_WEBHOOK_VERIFY_TOKEN') ?? null,
    webhookCallbackUrl: env('STRAVA_WEBHOOK_CALLBACK_URL') ?? `${appOrigin}/api/trackers/strava/webhook`,
    authorizeUrl: `${oauthBaseUrl}/oauth/authorize`,
    athleteLimit: int('STRAVA_ATHLETE_LIMIT', 0) || null,
  };
};

const googleHealthConfig = (): GoogleHealthConfig | null => {
  const clientId = env('GOOGLE_CLIENT_ID');
  const clientSecret = env('GOOGLE_CLIENT_SECRET');
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    authorizeUrl: env('GOOGLE_AUTHORIZE_URL') ?? 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: env('GOOGLE_TOKEN_URL') ?? 'https://oauth2.googleapis.com/token',
    revokeUrl: env('GOOGLE_REVOKE_URL') ?? 'https://oauth2.googleapis.com/revoke',
    apiBaseUrl: (env('GOOGLE_HEALTH_API_URL') ?? 'https://health.googleapis.com').replace(/\/$/, ''),
  };
};

/** SIGNUP_MODE (open, domain or invite); domain mode without SIGNUP_EMAIL_DOMAINS would let nobody in. */
const signupPolicy = (): SignupPolicy & { fromEnvironment: boolean } => {
  const raw = env('SIGNUP_MODE')?.toLowerCase();
  const emailDomains = parseEmailDomains(env('SIGNUP_EMAIL_DOMAINS'));
  if (raw === undefined) return { ...OPEN_SIGNUP, fromEnvironment: false };
  const mode = signupModes.find((candidate) => candidate === raw);
  if (!mode) throw new ConfigError(`SIGNUP_MODE must be one of ${signupModes.join(', ')}, got "${raw}"`);
  if (mode === 'domain' && emailDomains.length === 0) throw new ConfigError('SIGNUP_MODE=domain needs SIGNUP_EMAIL_DOMAINS, e.g. SIGNUP_EMAIL_DOMAINS=acme.com,acme.co.uk');
  const refuseSubaddresses = mode === 'domain' && bool('SIGNUP_REFUSE_SUBADDRESSES', false);
  return { signupMode: mode, emailDomains: mode === 'domain' ? emailDomains : [], refuseSubaddresses, fromEnvironment: true };
};

/** OIDC_ISSUER with its client id and secret (all three, or none); the label defaults to 'SSO'. */
const oidcConfig = (appOrigin: string): OidcConfig | null => {
  const issuer = env('OIDC_ISSUER');
  const clientId = env('OIDC_CLIENT_ID');
  const clientSecret = env('OIDC_CLIENT_SECRET');
  if (!issuer) {
    if (clientId || clientSecret) throw new ConfigError('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET need OIDC_ISSUER (the identity provider\'s issuer URL)');
    return null;
  }
  if (!URL.canParse(issuer)) throw new ConfigError(`OIDC_ISSUER must be a URL, got "${issuer}"`);
  if (!clientId || !clientSecret) throw new ConfigError('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (the app\'s registration with the identity provider)');
  return { issuer, clientId, clientSecret, buttonLabel: env('OIDC_BUTTON_LABEL') ?? 'SSO', redirectUri: `${appOrigin}${SSO_CALLBACK_PATH}` };
};

/** PASSWORD_SIGNIN=false leaves single sign-on as the only way in: without OIDC nobody could sign in. */
const passwordSignin = (oidc: OidcConfig | null) => {
  const enabled = bool('PASSWORD_SIGNIN', true);
  if (!enabled && !oidc) throw new ConfigError('PASSWORD_SIGNIN=false needs single sign-on: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  return enabled;
};

/** BACKUP_DIR (unset: no scheduled backups), BACKUP_EVERY_HOURS and BACKUP_KEEP (0 would mean never, or keep nothing: refused). */
const backupSettings = (): AppConfig['backup'] => {
  const atLeastOne = (name: string, fallback: number) => {
    const value = int(name, fallback);
    if (value < 1) throw new ConfigError(`${name} must be at least 1, got "${value}"`);
    return value;
  };
  const dir = env('BACKUP_DIR');
  return { dir: dir ? resolve(dir) : null, everyHours: atLeastOne('BACKUP_EVERY_HOURS', 24), keep: atLeastOne('BACKUP_KEEP', 7) };
};

/** TEAM_MIN_GROUP_SIZE (at least 1, default 5) and OIDC_TEAM_CLAIM (e.g. `department`). */
const teamSettings = (): AppConfig['teams'] => {
  const minimumGroupSize = int('TEAM_MIN_GROUP_SIZE', 5);
  if (minimumGroupSize < 1) throw new ConfigError(`TEAM_MIN_GROUP_SIZE must be at least 1, got "${minimumGroupSize}"`);
  return { minimumGroupSize, ssoClaim: env('OIDC_TEAM_CLAIM') ?? null };
};

/** TRUST_PROXY: a hop count or the proxies' addresses; `true` (trust anything a client writes) stops the start. */
const trustedProxies = (): TrustedProxies => {
  const parsed = parseTrustedProxies(env('TRUST_PROXY'));
  if ('error' in parsed) throw new ConfigError(parsed.error);
  return parsed;
};

/** IMPORT_MAX_UPLOAD_MB and IMPORT_MAX_UNPACKED_MB (megabytes of 1,000,000 bytes, at least 1 each). */
const workoutFileSettings = (): AppConfig['workoutFiles'] => {
  const megabytes = (name: string, fallback: number) => {
    const value = int(name, fallback);
    if (value < 1) throw new ConfigError(`${name} must be at least 1, got "${value}"`);
    return value * 1_000_000;
  };
  const maxUploadBytes = megabytes('IMPORT_MAX_UPLOAD_MB', 1024);
  const maxUnpackedBytes = megabytes('IMPORT_MAX_UNPACKED_MB', 8192);
  if (maxUnpackedBytes < maxUploadBytes) throw new ConfigError('IMPORT_MAX_UNPACKED_MB must be at least IMPORT_MAX_UPLOAD_MB');
  return { maxUploadBytes, maxUnpackedBytes };
};

const atLeastOneDay = (name: string, fallback: number) => {
  const value = int(name, fallback);
  if (value < 1) throw new ConfigError(`${name} must be at least 1, got "${value}"`);
  return value;
};

/** DATA_DIR as loadConfig reads it (start-up checks it before anything is written there). */
export const dataDirFromEnv = () => resolve(env('DATA_DIR') ?? './data');

export const loadConfig = (): AppConfig => {
  const port = int('PORT', 3000);
  const dataDir = dataDirFromEnv();
  const appOrigin = (env('APP_ORIGIN') ?? `http://localhost:${port}`).replace(/\/$/, '');
  const oidc = oidcConfig(appOrigin);
  return {
    port,
    host: env('HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: env('DATABASE_URL'),
    appOrigin,
    jwtSecret: secretFor(dataDir, 'JWT_SECRET', 'jwt-secret'),
    tokenEncryptionKey: secretFor(dataDir, 'TOKEN_ENCRYPTION_KEY', 'token-key'),
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
    refreshTokenTtlDays: int('REFRESH_TOKEN_TTL_DAYS', 30),
    sessionMaxDays: atLeastOneDay('SESSION_MAX_DAYS', 30),
    refreshGraceSeconds: int('REFRESH_GRACE_SECONDS', 10),
    resetTokenTtlMinutes: int('RESET_TOKEN_TTL_MINUTES', 60),
    adminEmail: env('ADMIN_EMAIL'),
    adminPassword: env('ADMIN_PASSWORD'),
    smtpUrl: env('SMTP_URL'),
    mailFrom: env('MAIL_FROM') ?? 'Wellness Challenge <no-reply@localhost>',
    secureCookies: bool('SECURE_COOKIES', appOrigin.startsWith('https://')),
    trustProxy: trustedProxies(),
    logLevel: env('LOG_LEVEL') ?? 'info',
    metricsToken: env('METRICS_TOKEN') ?? null,
    backup: backupSettings(),
    strava: stravaConfig(appOrigin),
    fitbit: googleHealthConfig(),
    // Providers that read their own settings (their folder names them): unset ones are not offered.
    providerSettings: Object.fromEntries(providerRegistry.flatMap((provider) => {
      const settings = provider.readSettings?.(env, appOrigin);
      return settings ? [[provider.apiType, settings]] : [];
    })),
    trackerSyncEveryMinutes: int('TRACKER_SYNC_EVERY_MINUTES', 360),
    stravaPacing: { quietDays: int('STRAVA_SAFETY_NET_QUIET_DAYS', defaultStravaPacing.quietDays), dayReserve: int('STRAVA_WEBHOOK_READ_RESERVE', defaultStravaPacing.dayReserve) },
    scoring: {
      pointsPerMinute: int('SCORE_POINTS_PER_MINUTE', defaultScoringRules.pointsPerMinute),
      dailySteps: int('SCORE_DAILY_STEPS', defaultScoringRules.dailySteps),
      event: int('SCORE_EVENT', defaultScoringRules.event),
      eventTopThree: int('SCORE_EVENT_TOP_THREE', defaultScoringRules.eventTopThree),
      quarterlyBonus: int('SCORE_QUARTERLY_BONUS', defaultScoringRules.quarterlyBonus),
      // 0 or unset: no cap (product rules: Scoring counts every minute).
      dailyMinutesCap: int('SCORE_DAILY_MINUTES_CAP', 0) || null,
    },
    staticDir: resolve(env('STATIC_DIR') ?? './dist'),
    serveSourceMaps: bool('SERVE_SOURCE_MAPS', false),
    signupsPerAddressPerHour: int('SIGNUP_LIMIT_PER_HOUR', rateLimitRules.signupPerAddress.limit),
    signup: signupPolicy(),
    confirmationTtlHours: int('EMAIL_CONFIRMATION_TTL_HOURS', 72),
    invitationTtlDays: int('INVITATION_TTL_DAYS', 14),
    oidc,
    passwordSignin: passwordSignin(oidc),
    teams: teamSettings(),
    workoutFiles: workoutFileSettings(),
  };
};

/** The settings of a test app: fixed secrets, nothing external configured (server/config-defaults.ts). */
export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig =>
  builtInConfig({ dataDir: join(process.cwd(), 'data', 'test'), staticDir: join(process.cwd(), 'dist') }, overrides);
