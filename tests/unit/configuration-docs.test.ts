import { existsSync, readdirSync } from 'node:fs';
import { readText } from './support/repository-files';

/**
 * docs/configuration.md is the operator's one list of settings: every variable server/config.ts reads
 * has a row there, and so has every one a provider's folder reads itself (its settings.ts).
 */
const SETTINGS_FILES = ['server/config.ts', ...readdirSync('server/trackers/providers', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `server/trackers/providers/${entry.name}/settings.ts`).filter((file) => existsSync(file))];
const variablesIn = (file: string) => [...readText(file).matchAll(/\b(?:env|int|bool|atLeastOne)\('([A-Z][A-Z0-9_]+)'/g)].map((match) => match[1]!);
const variablesRead = [...new Set(SETTINGS_FILES.flatMap(variablesIn))].sort();
/** The variables a Markdown table row starts with (a row may name two: `A`, `B`). */
const tableRows = (file: string) => new Set(readText(file).split('\n').filter((line) => line.startsWith('| `')).flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!)));

test('every setting of server/config.ts has a row in docs/configuration.md', () => {
  expect(variablesRead).toEqual(expect.arrayContaining(['POLAR_CLIENT_ID', 'POLAR_SAFETY_NET_QUIET_DAYS', 'SIGNUP_MODE', 'SIGNUP_EMAIL_DOMAINS', 'EMAIL_CONFIRMATION_TTL_HOURS', 'INVITATION_TTL_DAYS', 'OIDC_ISSUER', 'PASSWORD_SIGNIN', 'BACKUP_KEEP', 'METRICS_TOKEN']));
  const rows = tableRows('docs/configuration.md');
  const missing = variablesRead.filter((name) => !rows.has(name));
  expect(missing).toEqual([]);
});
