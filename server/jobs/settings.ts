/** Job engine settings from the environment (docs/configuration.md#jobs). */
export const jobSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env) => {
  const number = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
    return value;
  };
  return {
    /** Handlers of each job name running at once in one process. */
    concurrency: Math.round(number('JOBS_CONCURRENCY', 2, 1, 50)),
    /** How often idle handlers look for jobs sent by other processes (pg-boss allows 0.5 and up). */
    pollSeconds: number('JOBS_POLL_SECONDS', 2, 0.5, 60),
  };
};
