import { importSources, type ImportSource } from './import-sources';
import { providerBySource, providerSources, type ProviderSource } from './tracker-providers';

/**
 * Every source an imported activity can have: the tracker providers, then the ways in without a
 * provider (import-sources.ts). The two registries stay the only lists that name one.
 */
export type ImportedSource = ProviderSource | ImportSource;
export const importedSources = [...providerSources, ...importSources.map((entry) => entry.source)] as [ImportedSource, ...ImportedSource[]];

const importLabels: ReadonlyMap<string, string> = new Map(importSources.map((entry) => [entry.source, entry.label]));

/** 'Strava', 'Phone app': what people read for an imported activity's source. */
export const importedSourceLabel = (source: ImportedSource): string => importLabels.get(source) ?? providerBySource(source as ProviderSource).label;

export const isImportSource = (value: string): value is ImportSource => importLabels.has(value);
