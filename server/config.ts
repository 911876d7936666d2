import { defaultStravaPacing, type StravaPacing } from '@/domain/strava-pacing';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rateLimitRules } from '@/domain/rate-limit-rules';
import { OPEN_SIGNUP, parseEmailDomains, signupModes, type SignupPolicy } from '@/domain/access-policy';
import { defaultScoringRules, type ScoringRules } from '@/domain/scoring-rules';
import { SSO_CALLBACK_PATH } from '@/contract/sso';

/** Strava: OAuth pages and the API live on separate, configurable bases (Strava announced a host split for 2027). */
export type StravaConfig = {
  clientId: string;
  clientSecret: string;
  /** `${oauthBaseUrl}/oauth/authorize` and `/oauth/token`. */
  oauthBaseUrl: string;
  /** Base of the REST API, e.g. https://www.strava.com/api/v3. */
  apiBaseUrl: string;
  /** Where access is withdrawn (today /oauth/deauthorize; /oauth/revoke from 2027). */
  revokeUrl: string;
  /** The secret Strava echoes when the webhook subscription is created (STRAVA_WEBHOOK_VERIFY_TOKEN). */
  webhookVerifyToken: string | null;
  /** Public URL of our webhook callback (APP_ORIGIN + /api/trackers/strava/webhook unless set). */
  webhookCallbackUrl: string;
  /** What the SPA shows as the provider's page (public). */
  authorizeUrl: string;
};

/** Fitbit data through the Google Health API: a Google OAuth client (authorization code + PKCE). */
export type GoogleHealthConfig = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Base of the Google Health API, e.g. https://health.googleapis.com. */
  apiBaseUrl: string;
};

/** Single sign-on with an OpenID Connect provider (docs/access.md#single-sign-on). */
export type OidcConfig = {
  /** The issuer; its discovery document is `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** 'Sign in with <label>' on the login page. */
  buttonLabel: string;
  /** APP_ORIGIN + /sso/callback: the redirect URI registered with the provider. */
  redirectUri: string;
};

/** Everything the server reads from the environment, in one typed object (docs/configuration.md). */
export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  appOrigin: string;
  jwtSecret: string;
  /** Seals tracker tokens at rest (trackers/token-seal.ts). */
  tokenEncryptionKey: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Seconds in which a rotated refresh token still yields its successor (two tabs at once). */
  refreshGraceSeconds: number;
  resetTokenTtlMinutes: number;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  secureCookies: boolean;
  trustProxy: boolean;
  logLevel: string;
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset, the endpoint does not exist. */
  metricsToken: string | null;
  /** Scheduled backups into `dir` (unset: none) every `everyHours`, keeping the newest `keep` archives. */
  backup: { dir: string | null; everyHours: number; keep: number };
  strava: StravaConfig | null;
  /** The FITBIT service, read through the Google Health API. */
  fitbit: GoogleHealthConfig | null;
  /** Minutes between two runs of the safety-net sync (0: off): every Fitbit connection, Strava ones only when quiet for days. */
  trackerSyncEveryMinutes: number;
  /** Strava: safety-net visits only after this many quiet days, and the daily reads kept for webhook fetches. */
  stravaPacing: StravaPacing;
  /** Points per activity minute, step achievement, event, quarterly flag; optional daily minutes cap. */
  scoring: ScoringRules;
  /** Folder of the built SPA; served with history fallback when it exists. */
  staticDir: string;
  /** Accounts one address may create per hour (anti-automation; an office behind one NAT needs room). */
  signupsPerAddressPerHour: number;
  /** Serve the build's `.map` files (off: they are built for debugging but never sent). */
  serveSourceMaps: boolean;
  /** SIGNUP_MODE and SIGNUP_EMAIL_DOMAINS; `fromEnvironment` false means the default (open) is in force unasked. */
  signup: SignupPolicy & { fromEnvironment: boolean };
  /** How long an e-mail confirmation link works (EMAIL_CONFIRMATION_TTL_HOURS). */
  confirmationTtlHours: number;
  /** How long an invitation link works (INVITATION_TTL_DAYS). */
  invitationTtlDays: number;
  /** OIDC_ISSUER and its client; null: no single sign-on. */
  oidc: OidcConfig | null;
  /** PASSWORD_SIGNIN=false: local passwords are off (sign-in, sign-up, reset links), single sign-on only. */
  passwordSignin: boolean;
};

/** A setting that cannot work: the server refuses to start with this one sentence (server/index.ts). */
export class ConfigError extends Error {}

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
  return { signupMode: mode, emailDomains: mode === 'domain' ? emailDomains : [], fromEnvironment: true };
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
    refreshGraceSeconds: int('REFRESH_GRACE_SECONDS', 10),
    resetTokenTtlMinutes: int('RESET_TOKEN_TTL_MINUTES', 60),
    adminEmail: env('ADMIN_EMAIL'),
    adminPassword: env('ADMIN_PASSWORD'),
    smtpUrl: env('SMTP_URL'),
    mailFrom: env('MAIL_FROM') ?? 'Wellness Challenge <no-reply@localhost>',
    secureCookies: bool('SECURE_COOKIES', appOrigin.startsWith('https://')),
    trustProxy: bool('TRUST_PROXY', false),
    logLevel: env('LOG_LEVEL') ?? 'info',
    metricsToken: env('METRICS_TOKEN') ?? null,
    backup: backupSettings(),
    strava: stravaConfig(appOrigin),
    fitbit: googleHealthConfig(),
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
  };
};

/** A complete config for tests: no environment, no files. */
export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: join(process.cwd(), 'data', 'test'),
  appOrigin: 'http://localhost:3000',
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  tokenEncryptionKey: 'test-key-for-sealing-tracker-tokens',
  accessTokenTtlSeconds: 900,
  refreshTokenTtlDays: 30,
  refreshGraceSeconds: 10,
  resetTokenTtlMinutes: 60,
  mailFrom: 'Wellness Challenge <no-reply@localhost>',
  secureCookies: false,
  trustProxy: false,
  logLevel: 'silent',
  metricsToken: null,
  backup: { dir: null, everyHours: 24, keep: 7 },
  strava: null,
  fitbit: null,
  trackerSyncEveryMinutes: 0,
  stravaPacing: defaultStravaPacing,
  scoring: defaultScoringRules,
  staticDir: join(process.cwd(), 'dist'),
  serveSourceMaps: false,
  signupsPerAddressPerHour: rateLimitRules.signupPerAddress.limit,
  signup: { ...OPEN_SIGNUP, fromEnvironment: true },
  confirmationTtlHours: 72,
  invitationTtlDays: 14,
  oidc: null,
  passwordSignin: true,
  ...overrides,
});
