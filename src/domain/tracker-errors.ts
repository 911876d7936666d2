import type { ApiType } from '@/contract/trackers';
import { AppError } from './errors';
import { trackerProviders } from '@/contract/tracker-providers';

/** Pure (no Node APIs): the mocks throw these same errors. */

export const serviceLabel = Object.fromEntries(trackerProviders.map((provider) => [provider.apiType, provider.label])) as Record<ApiType, string>;

export const trackerNotConfigured = (service: ApiType) =>
  new AppError(400, 'TRACKER_NOT_CONFIGURED', `${serviceLabel[service]} is not available: this installation has no ${serviceLabel[service]} connection configured.`);

export const trackerError = (service: ApiType) =>
  new AppError(502, 'TRACKER_ERROR', `${serviceLabel[service]} did not answer as expected. Please try again, or connect ${serviceLabel[service]} again.`);

/** Syncs per employee: providers limit requests per app (Strava: 200 per 15 minutes), so one person cannot spend them all. */
export const syncRateLimit = { name: 'sync:user', limit: 10, windowSeconds: 15 * 60 };

/** The providers whose permission screens need their own words (what to leave ticked). */
const scopeMissingMessages: Partial<Record<ApiType, string>> = {
  STRAVA: 'Strava was connected without permission to read your activities. Please connect again and leave both "View data about your activities" and "View data about your private activities" ticked.',
  FITBIT: 'Google was connected without permission to read your activity and fitness data. Please connect Fitbit again and allow it.',
};

/** What an employee reads when a sync or a connection fails (docs/trackers.md: what an employee sees). */
export const trackerMessages = {
  synced: (imported: number) => (imported === 0 ? 'Up to date' : `${imported} ${imported === 1 ? 'activity' : 'activities'} imported`),
  reconnect: (service: ApiType) => `${serviceLabel[service]} no longer accepts this app's access (it was withdrawn or has expired). Please connect ${serviceLabel[service]} again.`,
  stravaForbidden: 'Strava refused access: either this app has reached the number of athletes Strava allows it, or the permission to read your activities was not granted. Please connect Strava again, and ask your administrator if this message stays.',
  googleForbidden: 'Google refused access to your Fitbit activities (the permission to read them was not granted or was withdrawn). Please connect Fitbit again.',
  gone: (service: ApiType) => `${serviceLabel[service]} no longer offers what this app asked for (the address was switched off). Please ask your administrator; connecting again may help.`,
  busy: (service: ApiType, retryAt: Date | null) =>
    `${serviceLabel[service]} is busy: this app made too many requests for now.${retryAt ? ` Your activities will be imported after ${retryAt.toISOString().slice(11, 16)} UTC.` : ' Please try again later.'}`,
  failed: (service: ApiType) => `${serviceLabel[service]} did not answer as expected. Please try again later.`,
  /** The app's own set-up is at fault (docs/trackers.md "Operator faults"): nothing for the employee to do. */
  paused: (service: ApiType) => `Syncing with ${serviceLabel[service]} is paused; your administrator has been told`,
  /** Strava's developer program caps the athletes an app serves (Standard Tier: 10). */
  athleteLimit: 'Strava accepts no more athletes for this app at the moment, so Strava cannot be connected now; your administrator has been told. You can log your workouts here meanwhile, or connect another fitness service.',
  unavailable: (service: ApiType) => `${serviceLabel[service]} is not available in this installation any more.`,
  scopeMissing: (service: ApiType) =>
    scopeMissingMessages[service] ?? `${serviceLabel[service]} was connected without permission to read your workouts. Please connect ${serviceLabel[service]} again and allow it.`,
  stateInvalid: (service: ApiType) => `This ${serviceLabel[service]} connection was not started here, was already used or took longer than 10 minutes. Please start connecting ${serviceLabel[service]} again.`,
};

export const trackerPaused = (service: ApiType) => new AppError(503, 'TRACKER_PAUSED', trackerMessages.paused(service));
export const trackerAthleteLimit = () => new AppError(503, 'TRACKER_ATHLETE_LIMIT', trackerMessages.athleteLimit);
export const trackerStateInvalid = (service: ApiType) => new AppError(400, 'TRACKER_STATE_INVALID', trackerMessages.stateInvalid(service));
export const trackerScopeMissing = (service: ApiType) => new AppError(400, 'TRACKER_SCOPE_MISSING', trackerMessages.scopeMissing(service));
