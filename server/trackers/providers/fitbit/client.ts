import { sha256Base64Url } from '../../../http/tokens';
import type { GoogleHealthConfig } from '../../../config-types';
import { cleanTitle, expectString, providerJson, ProviderError, type ProviderBudget } from '../provider-request';
import type { ActivityList, ProviderActivity, ProviderClient } from '../types';

/** Read-only access to activity and fitness data, exercises included (the only scope we ask for). */
export const GOOGLE_HEALTH_SCOPE = 'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly';
/** The API's largest page for exercise. */
export const EXERCISE_PAGE_SIZE = 25;
const MAX_PAGES = 400;

/**
 * Google Health exercise types mapped onto the product's activity types; others keep their title
 * (`displayName`). v4 documents RUNNING, WALKING, BIKING, SWIMMING, HIKING, YOGA, PILATES, WORKOUT,
 * HIIT, WEIGHTLIFTING, STRENGTH_TRAINING and OTHER ("may receive new values"); v4beta's longer list
 * (AEROBIC_WORKOUT, BARRE_CLASS, BOXING, ...) is mapped too, so a new value already has its type.
 */
const EXERCISE_TYPES: Record<string, string> = {
  RUNNING: 'Running',
  TREADMILL_RUNNING: 'Running',
  TRAIL_RUNNING: 'Running',
  WALKING: 'Walking',
  TREADMILL_WALKING: 'Walking',
  HIKING: 'Hiking',
  BIKING: 'Cycling',
  CYCLING: 'Cycling',
  MOUNTAIN_BIKING: 'Cycling',
  STATIONARY_BIKING: 'Spinning',
  SPINNING: 'Spinning',
  SWIMMING: 'Swimming',
  SWIMMING_POOL: 'Swimming',
  SWIMMING_OPEN_WATER: 'Swimming',
  YOGA: 'Yoga',
  PILATES: 'Pilates',
  WEIGHTLIFTING: 'Strength Training',
  STRENGTH_TRAINING: 'Strength Training',
  WEIGHTS: 'Strength Training',
  CIRCUIT_TRAINING: 'Circuit Training',
  CROSSFIT: 'Circuit Training',
  HIIT: 'HIIT',
  HIGH_INTENSITY_INTERVAL_TRAINING: 'HIIT',
  INTERVAL_WORKOUT: 'HIIT',
  AEROBIC_WORKOUT: 'Aerobics',
  AEROBICS: 'Aerobics',
  ELLIPTICAL: 'Elliptical',
  MARTIAL_ARTS: 'Martial Arts',
  KICKBOXING: 'Boxing',
  BOXING: 'Boxing',
  DANCING: 'Dancing',
  DANCE: 'Dancing',
  TENNIS: 'Tennis',
  GOLF: 'Golf',
  ROCK_CLIMBING: 'Climbing',
  CLIMBING: 'Climbing',
  SKIING: 'Skiing/Snowboarding',
  SNOWBOARDING: 'Skiing/Snowboarding',
  ROLLER_SKATING: 'Rollerblading',
  INLINE_SKATING: 'Rollerblading',
  BASKETBALL: 'Team Sports',
  SOCCER: 'Team Sports',
  FOOTBALL: 'Team Sports',
  VOLLEYBALL: 'Team Sports',
  BARRE: 'Barre',
  BARRE_CLASS: 'Barre',
  BALLET: 'Dancing',
  BALLROOM_DANCE: 'Dancing',
  BREAKDANCING: 'Dancing',
  BACKPACKING: 'Hiking',
  BASEBALL: 'Team Sports',
  CRICKET: 'Team Sports',
  CROSS_COUNTRY_SKI: 'Skiing/Snowboarding',
  CARDIO_WORKOUT: 'Aerobics',
  BOOTCAMP: 'Circuit Training',
  CALISTHENICS: 'Strength Training',
  BODY_WEIGHT: 'Strength Training',
  CORE_TRAINING: 'Strength Training',
};

/** `"1800s"` / `"1800.5s"` (protobuf Duration in JSON) in seconds; null when unreadable. */
export const durationSeconds = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return null;
  const match = /^(-?\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match ? Number(match[1]) : null;
};

type CivilDateTime = { date?: { year?: number; month?: number; day?: number } };
/**
 * The fields of a v4 exercise data point we read (discovery document: DataPoint / ReconciledDataPoint,
 * Exercise, SessionTimeInterval). `updateTime` is the Exercise's (output only). A list answer names
 * the point `name`, a reconcile answer `dataPointName`.
 */
type GoogleDataPoint = {
  name?: unknown;
  dataPointName?: unknown;
  exercise?: {
    interval?: { startTime?: unknown; startUtcOffset?: unknown; endTime?: unknown; civilStartTime?: CivilDateTime };
    exerciseType?: unknown;
    displayName?: unknown;
    activeDuration?: unknown;
    updateTime?: unknown;
  };
};

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The athlete's local day: the civil start date when the API gives it, else the start instant
 * moved by its UTC offset (a Sydney run at 06:00 on the 21st local is the 21st, not the 20th).
 */
const localDayOf = (startAt: Date, interval: NonNullable<NonNullable<GoogleDataPoint['exercise']>['interval']>): string => {
  const civil = interval.civilStartTime?.date;
  if (civil?.year && civil.month && civil.day) return `${civil.year}-${pad(civil.month)}-${pad(civil.day)}`;
  const offset = durationSeconds(interval.startUtcOffset) ?? 0;
  return new Date(startAt.getTime() + offset * 1000).toISOString().slice(0, 10);
};

const humanised = (type: string) => type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');

/**
 * One exercise data point in our terms, or why it cannot be read. `activeDuration` is optional in
 * v4: without it the workout counts its whole interval (end minus start), pauses included
 * (docs/trackers.md "Product rules").
 */
export const readExercise = (point: GoogleDataPoint): ProviderActivity | string => {
  const exercise = point.exercise;
  const name = typeof point.dataPointName === 'string' && point.dataPointName ? point.dataPointName : point.name;
  if (typeof name !== 'string' || !name) return 'no name';
  if (!exercise?.interval) return 'no interval';
  if (typeof exercise.interval.startTime !== 'string' || Number.isNaN(Date.parse(exercise.interval.startTime))) return 'no start time';
  const startAt = new Date(exercise.interval.startTime);
  const endAt = typeof exercise.interval.endTime === 'string' ? Date.parse(exercise.interval.endTime) : Number.NaN;
  // Absent: the interval counts. Present but unreadable: nothing is guessed.
  if (exercise.activeDuration !== undefined && durationSeconds(exercise.activeDuration) === null) return 'no active duration';
  const seconds = durationSeconds(exercise.activeDuration) ?? (Number.isNaN(endAt) ? null : (endAt - startAt.getTime()) / 1000);
  if (seconds === null) return 'no active duration and no end time';
  const type = typeof exercise.exerciseType === 'string' ? exercise.exerciseType : '';
  const updated = typeof exercise.updateTime === 'string' ? exercise.updateTime : null;
  return {
    externalId: name,
    name: EXERCISE_TYPES[type] ?? cleanTitle(exercise.displayName) ?? (type ? humanised(type) : 'Other'),
    seconds,
    startAt,
    localDay: localDayOf(startAt, exercise.interval),
    isPrivate: false,
    updatedAt: updated && !Number.isNaN(Date.parse(updated)) ? new Date(updated) : null,
  };
};

/**
 * The "Filter data" page: exercise (a session type) filters on `exercise.interval.civil_start_time`
 * only, with a civil date (`YYYY-MM-DD[THH:mm:ss]`); any other field is 400 INVALID_DATA_POINT_FILTER.
 * Civil time is the athlete's local time, which is up to 14 hours ahead of or 12 behind UTC: asking
 * from the day before `since` covers every workout that started at or after it, wherever it was.
 */
export const exerciseFilterSince = (since: Date) => `exercise.interval.civil_start_time >= "${new Date(since.getTime() - 86_400_000).toISOString().slice(0, 10)}"`;

/**
 * The reconciled stream (all sources): Google merges the same workout recorded by the watch and by
 * Health Connect into one point, so it is counted once ("Method: users.dataTypes.dataPoints.reconcile").
 */
export const ALL_SOURCES = 'users/me/dataSourceFamilies/all-sources';

const challengeOf = (verifier: string) => sha256Base64Url(verifier);

/** Fitbit data through the Google Health API: Google OAuth 2 (code + PKCE S256, offline) and exercise data points. */
export const createGoogleHealthClient = (config: GoogleHealthConfig, budget: ProviderBudget, now: () => number = Date.now): ProviderClient => {
  const request = { provider: 'google-health', budget, now };
  const token = async (params: Record<string, string>, once = false) => {
    const at = now();
    const body = (await providerJson(
      config.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...params }),
      },
      { ...request, isTokenCall: true, once },
    )) as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; scope?: unknown };
    return {
      accessToken: expectString(body.access_token, 'access token'),
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
      expiresAt: typeof body.expires_in === 'number' ? new Date(at + body.expires_in * 1000) : null,
      externalUserId: null,
      scope: typeof body.scope === 'string' ? body.scope : null,
    };
  };

  return {
    service: 'FITBIT',
    usesPkce: true,
    authorizeUrl: ({ state, redirectUri, codeChallenge }) => {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GOOGLE_HEALTH_SCOPE,
        // A refresh token, and asked again on every connect so a new one is always issued.
        access_type: 'offline',
        prompt: 'consent',
        state,
        code_challenge: codeChallenge ?? '',
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    scopeIsEnough: (scope) => (scope ?? '').split(/\s+/).includes(GOOGLE_HEALTH_SCOPE),
    exchangeCode: (code, redirectUri, codeVerifier) =>
      token({ code, grant_type: 'authorization_code', redirect_uri: redirectUri, ...(codeVerifier ? { code_verifier: codeVerifier } : {}) }, true),
    refresh: (refreshToken) => token({ refresh_token: refreshToken, grant_type: 'refresh_token' }),
    revoke: async ({ accessToken, refreshToken }) => {
      // Revoking the refresh token ends the whole grant (its access tokens too).
      try {
        await providerJson(config.revokeUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: refreshToken ?? accessToken }) }, request);
      } catch (error) {
        // "Revoking a token": 400 invalid_token when the token is already expired or revoked: the grant is gone.
        if (error instanceof ProviderError && error.status === 400 && error.message.includes('invalid_token')) throw new ProviderError('invalid_grant', error.message, 400);
        throw error;
      }
    },
    listActivities: async (accessToken, since) => {
      const list: ActivityList = { activities: [], skipped: [], requests: 0, complete: false, resumeAfter: null };
      let pageToken: string | null = null;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const query = new URLSearchParams({ dataSourceFamily: ALL_SOURCES, pageSize: String(EXERCISE_PAGE_SIZE), filter: exerciseFilterSince(since) });
        if (pageToken) query.set('pageToken', pageToken);
        const body = (await providerJson(`${config.apiBaseUrl}/v4/users/me/dataTypes/exercise/dataPoints:reconcile?${query.toString()}`, { headers: { authorization: `Bearer ${accessToken}` } }, request)) as {
          dataPoints?: unknown;
          nextPageToken?: unknown;
        } | null;
        list.requests += 1;
        const points = body?.dataPoints ?? [];
        if (!Array.isArray(points)) throw new ProviderError('failed', 'Google Health answer has no data point list', null);
        for (const point of points as GoogleDataPoint[]) {
          const read = readExercise(point ?? {});
          const id = point?.dataPointName ?? point?.name;
          if (typeof read === 'string') list.skipped.push({ externalId: typeof id === 'string' ? id : null, reason: read });
          else list.activities.push(read);
        }
        pageToken = typeof body?.nextPageToken === 'string' && body.nextPageToken ? body.nextPageToken : null;
        if (!pageToken) {
          list.complete = true;
          break;
        }
      }
      return list;
    },
  };
};

/** RFC 7636 S256 challenge of a verifier (exported for tests). */
export const pkceChallenge = challengeOf;
