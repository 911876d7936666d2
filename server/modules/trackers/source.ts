import type { ApiType } from '@/contract/trackers';
import type { ImportedSource } from '@/contract/imported-sources';
import { trackerProviders, type ProviderSource } from '@/contract/tracker-providers';

/**
 * The activities' `source` of imports: a provider's (src/api/contract/tracker-providers.ts) or a way in
 * without one (import-sources.ts). A provider's source maps to its service and back.
 */
export type Source = ImportedSource;
export const sourceOf = Object.fromEntries(trackerProviders.map((provider) => [provider.apiType, provider.source])) as Record<ApiType, ProviderSource>;
const services: ReadonlyMap<string, ApiType> = new Map(trackerProviders.map((provider) => [provider.source, provider.apiType]));
/** The provider service of a source; null for a source without a connection (a phone app pushes, nothing reads it again). */
export const serviceOf = (source: Source): ApiType | null => services.get(source) ?? null;
