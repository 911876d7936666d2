/**
 * The ways workouts come in without a provider's approval (no OAuth, no connection): each is a
 * `source` of imported activities beside the tracker providers (tracker-providers.ts), sharing their
 * duplicate detection across every source (`tracker_duplicates`), calendar entries, 'From <label>',
 * privacy rules and editable-day windows (docs/trackers.md "File imports", "Phone apps"). Pure data,
 * shared by the server, the contract and the SPA; screen order.
 *
 * - `source`: `activities.source` and `tracker_duplicates.source` of what it brought (text with a
 *   format check: a new one needs no migration).
 * - `label`: what people read ('From Apple Health').
 */
export const importSources = [
  { source: 'file', label: 'Workout file' },
  { source: 'apple_health', label: 'Apple Health' },
  { source: 'phone', label: 'Phone app' },
] as const;

export type ImportSourceName = (typeof importSources)[number];
export type ImportSource = ImportSourceName['source'];

export const importSourceNames = importSources.map((entry) => entry.source) as [ImportSource, ...ImportSource[]];
