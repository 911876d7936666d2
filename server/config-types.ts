import type { ApiType } from '@/contract/trackers';
import type { SignupPolicy } from '@/domain/access-policy';
import type { ScoringRules } from '@/domain/scoring-rules';
import type { StravaPacing } from './trackers/providers/strava/pacing';
import type { TrustedProxies } from './http/trusted-proxy';

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
  /** Athletes Strava lets this app serve (STRAVA_ATHLETE_LIMIT: 10 on the Standard Tier, more with Extended Access); unset: not known. */
  athleteLimit?: number | null;
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
  /** Absolute lifetime of a sign-in in days, however often it is refreshed (SESSION_MAX_DAYS). */
  sessionMaxDays: number;
  /** Seconds in which a rotated refresh token still yields its successor (two tabs at once). */
  refreshGraceSeconds: number;
  resetTokenTtlMinutes: number;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  secureCookies: boolean;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client (none by default). */
  trustProxy: TrustedProxies;
  logLevel: string;
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset, the endpoint does not exist. */
  metricsToken: string | null;
  /** Scheduled backups into `dir` (unset: none) every `everyHours`, keeping the newest `keep` archives. */
  backup: { dir: string | null; everyHours: number; keep: number };
  strava: StravaConfig | null;
  /** The FITBIT service, read through the Google Health API. */
  fitbit: GoogleHealthConfig | null;
  /** Settings of the providers whose folder reads them (Polar), by service; absent: not configured. */
  providerSettings: Partial<Record<ApiType, unknown>>;
  /** Minutes between two runs of the safety-net sync (0: off): every Fitbit connection, Strava and Polar ones only when quiet for days. */
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
  /**
   * TEAM_MIN_GROUP_SIZE: groups smaller than this are merged into 'Other teams' in the participation
   * view; OIDC_TEAM_CLAIM: the ID token claim that names a person's team at single sign-on (null: none).
   */
  teams: { minimumGroupSize: number; ssoClaim: string | null };
  /**
   * 'Import workout files' (docs/trackers.md "File imports"): IMPORT_MAX_UPLOAD_MB, all the files of
   * one upload together, and IMPORT_MAX_UNPACKED_MB, what its archives may unpack to (a ZIP bomb stops there).
   */
  workoutFiles: { maxUploadBytes: number; maxUnpackedBytes: number };
};
