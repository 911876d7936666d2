import type { AppDeps } from '../../deps';
import { applyRules, checkRules } from './rules-sync';

type Log = { info: (message: string) => void };

/**
 * The rebuild after a change of scoring values runs as a job (one at a time), so the server starts
 * and serves the old scores meanwhile; the log says what changed and how long the rebuild took.
 */
export const registerScoringJobs = (deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>, log: () => Log) => {
  deps.jobs.work('scores.rebuild', async ({ fromYear, rules, changes }) => {
    const began = Date.now();
    const written = await applyRules(deps.db, rules, fromYear, deps.clock.now());
    log().info(`scoring values changed (${changes.join(', ')}): competition years from ${fromYear} rescored, ${written} score rows in ${Date.now() - began} ms`);
  });
};

/** At start: stores the values on a first start, or queues the rebuild when they changed. */
export const checkScoringAtStart = async (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs'>, log: Log) => {
  const check = await checkRules(deps.db, deps.config.scoring, deps.clock.now());
  if (check.kind !== 'changed') return check;
  log.info(`scoring values differ from those in force (${check.changes.join(', ')}): rescoring from competition year ${check.fromYear} in the background`);
  // The values travel with the job: whichever process runs it applies what this one was configured with.
  await deps.jobs.send('scores.rebuild', { fromYear: check.fromYear, rules: deps.config.scoring, changes: check.changes }, { singletonKey: 'scores' });
  return check;
};
