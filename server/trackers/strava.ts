import type { TrackerConfig } from '../config';
import { expectString, minutesOf, providerJson, TrackerProviderError } from './provider-request';
import type { TrackerActivity, TrackerClient, TrackerTokens } from './trackers';

/** Strava sport types mapped onto the product's activity types; anything else keeps its own title. */
const SPORT_NAMES: Record<string, string> = {
  Run: 'Running',
  TrailRun: 'Running',
  VirtualRun: 'Running',
  Ride: 'Cycling',
  MountainBikeRide: 'Cycling',
  GravelRide: 'Cycling',
  EBikeRide: 'Cycling',
  VirtualRide: 'Spinning',
  Walk: 'Walking',
  Hike: 'Hiking',
  Swim: 'Swimming',
  Yoga: 'Yoga',
  Pilates: 'Pilates',
  WeightTraining: 'Strength Training',
  Crossfit: 'Circuit Training',
  HighIntensityIntervalTraining: 'HIIT',
  Elliptical: 'Elliptical',
  RockClimbing: 'Climbing',
  AlpineSki: 'Skiing/Snowboarding',
  Snowboard: 'Skiing/Snowboarding',
  BackcountrySki: 'Skiing/Snowboarding',
  InlineSkate: 'Rollerblading',
  Golf: 'Golf',
  Tennis: 'Tennis',
  Basketball: 'Team Sports',
  Soccer: 'Team Sports',
  Volleyball: 'Team Sports',
};

const PAGE_SIZE = 100;
/** 1,000 activities per sync at most; the next sync continues (dedup keeps it exact). */
const MAX_PAGES = 10;

type StravaToken = { access_token?: unknown; refresh_token?: unknown; expires_at?: unknown; athlete?: { id?: unknown } };
type StravaActivity = { id?: unknown; name?: unknown; sport_type?: unknown; type?: unknown; moving_time?: unknown; start_date?: unknown };

const toTokens = (body: StravaToken): TrackerTokens => ({
  accessToken: expectString(body.access_token, 'access token'),
  refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
  expiresAt: typeof body.expires_at === 'number' ? new Date(body.expires_at * 1000) : null,
  externalUserId: body.athlete?.id === undefined ? null : String(body.athlete.id),
});

const toActivity = (raw: StravaActivity): TrackerActivity | null => {
  if (raw.id === undefined || typeof raw.moving_time !== 'number' || typeof raw.start_date !== 'string') return null;
  const sport = typeof raw.sport_type === 'string' ? raw.sport_type : typeof raw.type === 'string' ? raw.type : '';
  const title = typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim().slice(0, 100) : 'Other';
  const startAt = new Date(raw.start_date);
  if (Number.isNaN(startAt.getTime())) return null;
  return { externalId: String(raw.id), name: SPORT_NAMES[sport] ?? title, movingTimeMinutes: minutesOf(raw.moving_time), startAt };
};

/** Strava API v3: OAuth code exchange, token refresh and the athlete's activities. */
export const createStravaClient = (config: TrackerConfig): TrackerClient => {
  const base = config.apiBaseUrl.replace(/\/$/, '');
  const token = async (params: Record<string, string>) =>
    toTokens(
      (await providerJson(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...params }),
      })) as StravaToken,
    );

  return {
    exchangeCode: (code) => token({ code, grant_type: 'authorization_code' }),
    refresh: (refreshToken) => token({ refresh_token: refreshToken, grant_type: 'refresh_token' }),
    revoke: async (accessToken) => {
      await providerJson(`${base}/oauth/deauthorize`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
    },
    listActivities: async (accessToken, since) => {
      const found: TrackerActivity[] = [];
      const after = Math.floor(since.getTime() / 1000);
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const url = `${base}/api/v3/athlete/activities?after=${after}&per_page=${PAGE_SIZE}&page=${page}`;
        const body = await providerJson(url, { headers: { authorization: `Bearer ${accessToken}` } });
        if (!Array.isArray(body)) throw new TrackerProviderError('Strava activities answer is not a list', null);
        for (const raw of body as StravaActivity[]) {
          const activity = toActivity(raw);
          if (activity) found.push(activity);
        }
        if (body.length < PAGE_SIZE) break;
      }
      return found;
    },
  };
};
