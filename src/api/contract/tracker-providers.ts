/**
 * The tracker providers this app knows, by name (docs/architecture.md "Add a provider"). Pure data,
 * shared by the server, the contract and the SPA: the only list outside a provider's own folder
 * (server/trackers/providers/<source>/) that names one. Screen order.
 *
 * - `apiType`: the name in the API and the database (`tracker_connections.service`).
 * - `source`: the imports' `activities.source`, the return page `/<source>` and the path segment of
 *   its endpoints (`/users/connect-<source>`).
 * - `label`: what people read.
 * - `setup`: what an administrator does before employees can connect it (the admin panel shows it
 *   while the provider has no settings; the steps are in docs/trackers.md "Set-up").
 */
export const trackerProviders = [
  {
    apiType: 'STRAVA',
    source: 'strava',
    label: 'Strava',
    setup: { where: 'Create an API application at strava.com/settings/api (its callback domain is the host of APP_ORIGIN)', settings: ['STRAVA_CLIENT_ID', 'STRAVA_CLIENT_SECRET', 'STRAVA_WEBHOOK_VERIFY_TOKEN'] },
  },
  {
    apiType: 'FITBIT',
    source: 'fitbit',
    label: 'Fitbit',
    setup: { where: 'In Google Cloud, enable the Google Health API and create an OAuth client of type Web application with the redirect URI APP_ORIGIN/fitbit', settings: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] },
  },
  {
    apiType: 'POLAR',
    source: 'polar',
    label: 'Polar',
    setup: { where: 'Register an AccessLink API client at admin.polaraccesslink.com with the redirect URL APP_ORIGIN/polar', settings: ['POLAR_CLIENT_ID', 'POLAR_CLIENT_SECRET'] },
  },
] as const;

export type TrackerProviderName = (typeof trackerProviders)[number];
export type ProviderApiType = TrackerProviderName['apiType'];
export type ProviderSource = TrackerProviderName['source'];

type Tuple<K extends 'apiType' | 'source'> = [TrackerProviderName[K], ...TrackerProviderName[K][]];
export const providerApiTypes = trackerProviders.map((provider) => provider.apiType) as Tuple<'apiType'>;
export const providerSources = trackerProviders.map((provider) => provider.source) as Tuple<'source'>;

export const providerByApiType = (apiType: ProviderApiType): TrackerProviderName => trackerProviders.find((provider) => provider.apiType === apiType)!;
export const providerBySource = (source: ProviderSource): TrackerProviderName => trackerProviders.find((provider) => provider.source === source)!;
export const isProviderSource = (value: string): value is ProviderSource => trackerProviders.some((provider) => provider.source === value);
