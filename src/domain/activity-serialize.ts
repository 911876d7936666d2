import { OTHER_ACTIVITY, activityTypes, type Activity, type TrackerSource } from '@/contract/activity';
import type { ImportedSource } from '@/contract/imported-sources';

const knownTypes: ReadonlySet<string> = new Set(activityTypes);

/** The columns an Activity is built from (a drizzle row or a row of the month query). */
export type ActivityRow = {
  id: number;
  name: string;
  movingTime: number;
  startAt: Date | string;
  source: 'manual' | ImportedSource;
  alsoRecordedBy: readonly TrackerSource[];
};

/** Stored name -> contract Activity: a title outside the types list comes back as Other's otherName. */
export const toActivity = (row: ActivityRow): Activity => {
  const start = new Date(row.startAt);
  const iso = start.toISOString();
  return {
    id: row.id,
    name: row.name,
    otherName: knownTypes.has(row.name) ? null : row.name,
    movingTime: row.movingTime,
    startTime: iso.slice(11, 16),
    startDate: iso.slice(0, 10),
    start: iso,
    end: new Date(start.getTime() + row.movingTime * 60_000).toISOString(),
    title: row.name,
    source: row.source,
    alsoRecordedBy: [...row.alsoRecordedBy],
  };
};

/** With Other chosen the custom title is what gets stored. */
export const storedName = (input: { name: string; otherName?: string | undefined }) =>
  input.name === OTHER_ACTIVITY && input.otherName?.trim() ? input.otherName.trim() : input.name;
