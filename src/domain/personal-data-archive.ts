import { strToU8, zipSync, type Zippable } from 'fflate';
import { CSV_BOM, csvLine } from './csv';
import { trackerProviders } from '@/contract/tracker-providers';
import { importedSources } from '@/contract/imported-sources';

/**
 * 'Download my data' (docs/access.md#privacy-self-service): everything held about one person, as a
 * ZIP with each part once as JSON and once as CSV. One builder for the server's export job and the
 * mocks, so QA downloads the same layout the product gives. Columns are fixed per part, so an empty
 * part still has its CSV header; tracker connections and import tokens never carry tokens.
 */
export const personalDataParts = {
  profile: [
    'id',
    'email',
    'firstName',
    'lastName',
    'dateOfBirth',
    'gender',
    'levelOfCompetition',
    'isPrivateActivity',
    'profilePicture',
    'emailConfirmedAt',
    'pendingEmail',
    'createdAt',
    'updatedAt',
  ],
  levels: ['competitionYear', 'levelOfCompetition'],
  activities: ['id', 'name', 'movingTime', 'startAt', 'startDate', 'source', 'externalId', 'isPrivate', 'createdAt', 'updatedAt'],
  steps: ['id', 'date', 'createdAt'],
  events: ['id', 'name', 'date', 'isInTheTopThree', 'createdAt'],
  quarterlyBonuses: ['competitionYear', 'firstQuarter', 'secondQuarter', 'thirdQuarter', 'fourthQuarter'],
  scoresByMonth: ['competitionYear', 'month', 'points', 'minutes', 'steps', 'events', 'levelOfCompetition'],
  scoresByYear: ['competitionYear', 'points', 'lastScoredOn', 'levelOfCompetition'],
  trackerConnections: ['service', 'externalUserId', 'status', 'grantedScope', 'connectedAt', 'lastSyncedAt', 'lastAttemptAt', 'lastResult'],
  importTokens: ['id', 'name', 'createdAt', 'lastUsedAt', 'revokedAt'],
  auditEntries: ['id', 'at', 'action', 'actorId', 'actorRole', 'subjectId', 'subjectName', 'subjectEmail', 'before', 'after'],
} as const;

export type PersonalDataPart = keyof typeof personalDataParts;
type Row = Record<string, string | number | boolean | null>;
export type PersonalData = { [Part in PersonalDataPart]: Row[] };

/** The file the archive is offered as: the day it was made in its name. */
export const personalDataFileName = (userId: number, madeAt: Date) => `my-wellness-data-${userId}-${madeAt.toISOString().slice(0, 10)}.zip`;

const readme = (madeAt: Date) =>
  [
    'Your data from the Wellness Challenge',
    '',
    `Made on ${madeAt.toISOString()}. Each part is here twice: as JSON (<part>.json) and as CSV (<part>.csv, UTF-8, opens in spreadsheets).`,
    '- profile: your account and profile; levels: your level per competition year',
    `- activities: every workout, with its source (manual, ${importedSources.join(', ')}) as imported for you`,
    '- steps: your 10,000-step days; events: your event participations; quarterly-bonuses: bonus flags',
    '- scores-by-month, scores-by-year: the points the product computed from them',
    `- tracker-connections: your ${trackerProviders.map((provider) => provider.label).join(', ')} links (the access keys are never exported)`,
    '- import-tokens: the tokens you made for phone apps (names and dates; the tokens themselves are not kept)',
    '- audit-entries: entries of the audit trail about you',
    '',
  ].join('\r\n');

const fileStem = (part: PersonalDataPart) => part.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const csvOf = (part: PersonalDataPart, rows: Row[]) => {
  const columns = personalDataParts[part];
  return CSV_BOM + csvLine(columns) + rows.map((row) => csvLine(columns.map((column) => row[column] ?? null))).join('');
};

/** The ZIP's bytes; `photo` (the profile picture file) is added when there is one. */
export const buildPersonalDataArchive = (data: PersonalData, madeAt: Date, photo?: { name: string; bytes: Uint8Array }): Uint8Array => {
  const files: Zippable = { 'README.txt': strToU8(readme(madeAt)) };
  for (const part of Object.keys(personalDataParts) as PersonalDataPart[]) {
    const rows = data[part];
    files[`${fileStem(part)}.json`] = strToU8(JSON.stringify(part === 'profile' ? (rows[0] ?? null) : rows, null, 2));
    files[`${fileStem(part)}.csv`] = strToU8(csvOf(part, rows));
  }
  if (photo) files[`photo/${photo.name}`] = [photo.bytes, { level: 0 }];
  return zipSync(files, { level: 6, mtime: madeAt });
};
