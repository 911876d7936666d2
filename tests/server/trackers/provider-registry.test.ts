import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { trackerProviders } from '@/contract/tracker-providers';
import { testConfig } from '../../../server/config';
import { providerRegistry } from '../../../server/trackers/registry';
import { addUser, setup, useFakeProvider } from './helpers';

useFakeProvider();

const root = join(__dirname, '../../..');
const filesUnder = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(root, path)).isDirectory() ? filesUnder(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
/** Code without its comments: a comment may say which provider an example is from. */
const codeOf = (path: string) => readFileSync(join(root, path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('the provider registry (docs/architecture.md "Add a provider")', () => {
  test('every named provider has a server definition and the other way round', () => {
    expect(providerRegistry.map((provider) => provider.apiType)).toEqual(trackerProviders.map((provider) => provider.apiType));
  });

  /**
   * Where each provider may be named besides its folder, the two registries and its return page:
   * what is still outside a folder, each with its reason. The lists are exact, so a new mention
   * anywhere fails here, and so does one that went without its line going too.
   */
  const CONFIG = ['server/config-defaults.ts', 'server/config-types.ts', 'server/config.ts', 'server/modules/trackers/create-trackers.ts', 'server/trackers/providers/capabilities.ts'];
  const SCREEN_TEXTS = ['src/domain/tracker-errors.ts', 'src/features/privacy/components/delete-account-modal.tsx', 'src/features/trackers/components/tracker-panel-screen.tsx', 'src/routes/_employee/employee/fitness-services.tsx'];
  const stillOutside: Record<string, string[]> = {
    STRAVA: [
      // The first two providers' settings are top-level config (`strava`, `fitbit`, `stravaPacing`); later ones read theirs in their folder.
      ...CONFIG,
      // The workout-file dialog's help names Strava's bulk export as one of the files it reads.
      'src/features/trackers/components/import-workout-files-dialog.tsx',
      // The operator's command `npm run strava:webhook` (its work is strava/webhook-cli.ts).
      'server/cli/strava-webhook.ts',
      // The Strava event inbox (strava/inbox.ts) is built by the tracker service, drained by its job, fed by the provider's routes.
      'server/jobs/catalog.ts',
      'server/modules/trackers/routes.ts',
      'server/modules/trackers/service.ts',
      'server/modules/trackers/tasks.ts',
      // Strava's API agreement: its data is shown to its athlete only (the inbox table, Strava minutes kept apart, admin rows without them).
      'server/db/derived-state.ts',
      'server/db/schema.ts',
      'server/modules/feed/repo.ts',
      'server/modules/users/admin-repo.ts',
      'server/modules/users/admin-service.ts',
      'server/modules/users/export-service.ts',
      'src/api/contract/users.ts',
      'src/domain/strava-agreement.ts',
      'src/features/users/components/workout-lists.tsx',
      // Strava's webhook endpoints in the contract, and its deauthorisation as an actor of the audit trail.
      'src/api/contract/trackers.ts',
      'src/api/contract/values.ts',
      'src/domain/audit-text.ts',
      // Strava's error bodies, told apart from Google's.
      'server/trackers/providers/operator-fault.ts',
      ...SCREEN_TEXTS,
    ],
    FITBIT: [...CONFIG, ...SCREEN_TEXTS],
    POLAR: [],
  };

  test.each(trackerProviders.map((provider) => [provider.label, provider] as const))('%s: named only in its folder, the registries, its return page and the listed places', (_label, named) => {
    const allowed = [`server/trackers/providers/${named.source}/`, 'server/trackers/registry.ts', 'src/api/contract/tracker-providers.ts', `src/routes/_employee/${named.source}.tsx`, 'src/routeTree.gen.ts'];
    const files = [...filesUnder('server'), ...filesUnder('src')];
    expect(files.length).toBeGreaterThan(300);
    const naming = files
      .map((path) => relative('.', path))
      .filter((path) => !allowed.some((prefix) => path.startsWith(prefix)))
      .filter((path) => new RegExp(named.source, 'i').test(codeOf(path)));
    expect(naming.sort()).toEqual([...(stillOutside[named.apiType] ?? [])].sort());
  });

  test.each(providerRegistry.map((provider) => [provider.apiType, provider] as const))('%s: its folder and return page exist, and what its delivery needs is defined', (apiType, definition) => {
    const { source } = trackerProviders.find((provider) => provider.apiType === apiType)!;
    expect(statSync(join(root, `server/trackers/providers/${source}/index.ts`)).isFile()).toBe(true);
    expect(statSync(join(root, `src/routes/_employee/${source}.tsx`)).isFile()).toBe(true);
    // With push, the safety net visits only quiet connections: the provider says after how many days (its own setting).
    if (definition.capabilities.delivery === 'push') expect(definition.quietDaysOf?.(testConfig())).toBeGreaterThanOrEqual(1);
    else expect(definition.quietDaysOf).toBeUndefined();
    expect(definition.capabilities.scopes.length).toBeGreaterThan(0);
  });

  test('each provider keeps its budget under its own name', () => {
    const names = providerRegistry.map((provider) => provider.capabilities.budgetName);
    expect(new Set(names).size).toBe(names.length);
  });

  test('a provider name the database has never seen is stored without a migration; a malformed one is refused', async () => {
    const { ctx } = await setup();
    const olga = await addUser(ctx, 'olga');
    await ctx.db.execute(sql`insert into tracker_connections (user_id, service, access_token) values (${olga.id}, 'GARMIN', 'sealed')`);
    await ctx.db.execute(sql`insert into activities (user_id, name, moving_time, start_at, start_date, source, external_id) values (${olga.id}, 'Running', 30, now(), current_date, 'garmin', 'g1')`);
    await expect(ctx.db.execute(sql`insert into tracker_connections (user_id, service, access_token) values (${olga.id}, 'not a name', 'sealed')`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`insert into activities (user_id, name, moving_time, start_at, start_date, source) values (${olga.id}, 'Running', 30, now(), current_date, 'Garmin Connect')`)).rejects.toThrow();
  });
});
