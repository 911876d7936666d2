/** The browser host's service counters: counted in memory (`counts()` for a look in the console or a test), never sent anywhere. */
export const memoryMetrics = () => {
  const counted = new Map<string, number>();
  const bump = (key: string) => counted.set(key, (counted.get(key) ?? 0) + 1);
  return {
    trackerSynced: (provider: string) => void bump(`tracker_syncs{provider="${provider}"}`),
    trackerSyncFailed: (provider: string, reason: string) => void bump(`tracker_sync_failures{provider="${provider}",reason="${reason}"}`),
    counts: () => Object.fromEntries(counted),
  };
};
