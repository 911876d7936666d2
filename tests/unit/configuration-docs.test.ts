import { readText } from './support/repository-files';

/**
 * docs/configuration.md is the operator's one list of settings: every variable server/config.ts
 * reads has a row there, except the few whose whole story lives in the guide named here.
 */
const documentedElsewhere: Record<string, string> = {
  BACKUP_DIR: 'docs/operations.md',
  BACKUP_EVERY_HOURS: 'docs/operations.md',
  BACKUP_KEEP: 'docs/operations.md',
  METRICS_TOKEN: 'docs/operations.md',
  STRAVA_SAFETY_NET_QUIET_DAYS: 'docs/trackers.md',
  STRAVA_WEBHOOK_READ_RESERVE: 'docs/trackers.md',
};

const variablesRead = [...new Set([...readText('server/config.ts').matchAll(/\b(?:env|int|bool)\('([A-Z][A-Z0-9_]+)'/g)].map((match) => match[1]!))].sort();
/** The variables a Markdown table row starts with (a row may name two: `A`, `B`). */
const tableRows = (file: string) => new Set(readText(file).split('\n').filter((line) => line.startsWith('| `')).flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!)));

test('every setting of server/config.ts has a row in docs/configuration.md (or in the guide that owns it)', () => {
  expect(variablesRead).toEqual(expect.arrayContaining(['SIGNUP_MODE', 'SIGNUP_EMAIL_DOMAINS', 'EMAIL_CONFIRMATION_TTL_HOURS', 'INVITATION_TTL_DAYS', 'OIDC_ISSUER', 'PASSWORD_SIGNIN']));
  const rows = tableRows('docs/configuration.md');
  const missing = variablesRead.filter((name) => !rows.has(name) && !(documentedElsewhere[name] && readText(documentedElsewhere[name]).includes(`\`${name}\``)));
  expect(missing).toEqual([]);
});
