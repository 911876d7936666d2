import { systemClock, type Clock } from '@/domain/clock';
import type { TrackerConfig } from '../config';
import { expectString, minutesOf, providerJson, TrackerProviderError } from './provider-request';
import type { TrackerActivity, TrackerClient, TrackerTokens } from './trackers';

/** Fitbit activity names mapped onto the product's activity types; others keep their own title. */
const ACTIVITY_NAMES: Record<string, string> = {
  Walk: 'Walking',
  Run: 'Running',
  Treadmill: 'Running',
  Bike: 'Cycling',
  'Outdoor Bike': 'Cycling',
  Spinning: 'Spinning',
  Swim: 'Swimming',
  Hike: 'Hiking',
  Yoga: 'Yoga',
  Pilates: 'Pilates',
  Weights: 'Strength Training',
  'Circuit Training': 'Circuit Training',
  'Interval Workout': 'HIIT',
  'Aerobic Workout': 'Aerobics',
  Elliptical: 'Elliptical',
  'Martial Arts': 'Martial Arts',
  Kickboxing: 'Boxing',
  Dancing: 'Dancing',
  Tennis: 'Tennis',
  Golf: 'Golf',
};

const PAGE_SIZE = 100;
const MAX_PAGES = 10;

type FitbitToken = { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; user_id?: unknown };
type FitbitActivity = { logId?: unknown; activityName?: unknown; activeDuration?: unknown; duration?: unknown; startTime?: unknown };

const toActivity = (raw: FitbitActivity): TrackerActivity | null => {
  const milliseconds = typeof raw.activeDuration === 'number' ? raw.activeDuration : typeof raw.duration === 'number' ? raw.duration : null;
  if (raw.logId === undefined || milliseconds === null || typeof raw.startTime !== 'string') return null;
  const startAt = new Date(raw.startTime);
  if (Number.isNaN(startAt.getTime())) return null;
  const title = typeof raw.activityName === 'string' && raw.activityName.trim() ? raw.activityName.trim().slice(0, 100) : 'Other';
  return { externalId: String(raw.logId), name: ACTIVITY_NAMES[title] ?? title, movingTimeMinutes: minutesOf(milliseconds / 1000), startAt };
};

/** Fitbit Web API: OAuth 2 with PKCE (S256), token refresh and the activity log list. */
/** `clock` dates the relative `expires_in` (tests stand on their own date). */
export const createFitbitClient = (config: TrackerConfig, appOrigin: string, clock: Clock = systemClock): TrackerClient => {
  const base = config.apiBaseUrl.replace(/\/$/, '');
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
  const token = async (params: Record<string, string>): Promise<TrackerTokens> => {
    const now = clock.now().getTime();
    const body = (await providerJson(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: config.clientId, ...params }),
    })) as FitbitToken;
    return {
      accessToken: expectString(body.access_token, 'access token'),
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
      expiresAt: typeof body.expires_in === 'number' ? new Date(now + body.expires_in * 1000) : null,
      externalUserId: typeof body.user_id === 'string' ? body.user_id : null,
    };
  };

  return {
    exchangeCode: (code, codeVerifier) => {
      // The redirect URI must equal the one the SPA sent to the authorise page.
      const params: Record<string, string> = { code, grant_type: 'authorization_code', redirect_uri: `${appOrigin}/fitbit` };
      if (codeVerifier) params.code_verifier = codeVerifier;
      return token(params);
    },
    refresh: (refreshToken) => token({ refresh_token: refreshToken, grant_type: 'refresh_token' }),
    revoke: async (accessToken) => {
      await providerJson(`${base}/oauth2/revoke`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: accessToken }),
      });
    },
    listActivities: async (accessToken, since) => {
      const found: TrackerActivity[] = [];
      // yyyy-MM-ddTHH:mm:ss: Fitbit accepts a time too, so the overlap window stays exact.
      const afterDate = since.toISOString().slice(0, 19);
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const url = `${base}/1/user/-/activities/list.json?afterDate=${afterDate}&sort=asc&limit=${PAGE_SIZE}&offset=${page * PAGE_SIZE}`;
        const body = (await providerJson(url, { headers: { authorization: `Bearer ${accessToken}` } })) as { activities?: unknown };
        if (!Array.isArray(body.activities)) throw new TrackerProviderError('Fitbit activities answer has no list', null);
        for (const raw of body.activities as FitbitActivity[]) {
          const activity = toActivity(raw);
          if (activity) found.push(activity);
        }
        if (body.activities.length < PAGE_SIZE) break;
      }
      return found;
    },
  };
};
