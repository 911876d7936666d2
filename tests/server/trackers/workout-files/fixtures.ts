import { Encoder, Profile, Utils, type Mesg } from '@garmin/fitsdk';
import { gzipSync, strToU8, zipSync, type Zippable } from 'fflate';

/**
 * Real workout files for the tests: FIT written by Garmin's own SDK Encoder (as a watch writes
 * one: file id, timer events, records, a lap, a session, the activity with its local timestamp),
 * GPX 1.1 and TCX v2 as Garmin Connect exports them, and an Apple Health export.zip.
 */
export type FitWorkout = {
  start: string;
  /** Timer seconds (pauses left out). */
  timerSeconds: number;
  /** Elapsed seconds (pauses included); by default the timer plus ten minutes of pauses. */
  elapsedSeconds?: number;
  sport?: string;
  subSport?: string;
  /** The device's UTC offset in minutes (the activity's local timestamp). */
  offsetMinutes?: number | null;
  /** Records written (one a second by default, capped). */
  records?: number;
};

/** The message numbers of Garmin's FIT profile. */
const mesg = Profile.MesgNum as unknown as Record<'FILE_ID' | 'EVENT' | 'RECORD' | 'LAP' | 'SESSION' | 'ACTIVITY', number>;

const fitSeconds = (date: Date) => Math.round((date.getTime() - Utils.FIT_EPOCH_MS) / 1000);

export const fitFile = (...workouts: FitWorkout[]) => fitWith({ type: 'activity' }, workouts);

export const fitWith = (fileId: { type: string }, workouts: FitWorkout[]) => {
  const encoder = new Encoder();
  // The SDK's types know messages by their interfaces; the fields here are the profile's own names.
  const put = (num: number, fields: Record<string, unknown>) => encoder.onMesg(num, fields as Mesg);
  const first = new Date(workouts[0]?.start ?? '2026-11-20T07:00:00Z');
  put(mesg.FILE_ID, { manufacturer: 'development', product: 1, serialNumber: 123456, timeCreated: first, type: fileId.type });
  let end = first;
  workouts.forEach((workout, index) => {
    const start = new Date(workout.start);
    const elapsed = workout.elapsedSeconds ?? workout.timerSeconds + 600;
    end = new Date(start.getTime() + elapsed * 1000);
    put(mesg.EVENT, { timestamp: start, event: 'timer', eventType: 'start' });
    const records = Math.min(workout.records ?? elapsed, 7200);
    for (let second = 0; second < records; second += 1) {
      put(mesg.RECORD, {
        timestamp: new Date(start.getTime() + second * 1000),
        heartRate: 120 + (second % 30),
        distance: second * 2.8,
        positionLat: 600000000 + second * 40,
        positionLong: 110000000,
      });
    }
    put(mesg.EVENT, { timestamp: end, event: 'timer', eventType: 'stopAll' });
    put(mesg.LAP, {
      messageIndex: index,
      timestamp: end,
      startTime: start,
      totalElapsedTime: elapsed,
      totalTimerTime: workout.timerSeconds,
    });
    put(mesg.SESSION, {
      messageIndex: index,
      timestamp: end,
      startTime: start,
      totalElapsedTime: elapsed,
      totalTimerTime: workout.timerSeconds,
      sport: workout.sport ?? 'running',
      subSport: workout.subSport ?? 'generic',
      firstLapIndex: index,
      numLaps: 1,
    });
  });
  const offset = workouts[0]?.offsetMinutes;
  put(mesg.ACTIVITY, {
    timestamp: end,
    numSessions: workouts.length,
    type: 'manual',
    event: 'activity',
    eventType: 'stop',
    ...(offset === null ? {} : { localTimestamp: fitSeconds(end) + (offset ?? 60) * 60 }),
  });
  return encoder.close();
};

/** A GPX 1.1 track: a point every `every` seconds, moving at about 3 m/s, pausing (no points) for `pauseSeconds` halfway. */
export const gpxFile = (options: {
  start: string;
  movingSeconds: number;
  type?: string;
  name?: string;
  every?: number;
  pauseSeconds?: number;
  standingSeconds?: number;
}) => {
  const every = options.every ?? 5;
  const points: string[] = [];
  let time = Date.parse(options.start);
  let lat = 60;
  const point = () =>
    points.push(`<trkpt lat="${lat.toFixed(6)}" lon="11.000000"><ele>100</ele><time>${new Date(time).toISOString()}</time></trkpt>`);
  point();
  for (let moved = 0; moved < options.movingSeconds; moved += every) {
    if (options.pauseSeconds && moved === Math.floor(options.movingSeconds / 2 / every) * every) time += options.pauseSeconds * 1000;
    time += every * 1000;
    lat += (3 * every) / 111_000;
    point();
  }
  // Standing at the end: points keep coming, the position does not move.
  for (let stood = 0; stood < (options.standingSeconds ?? 0); stood += every) {
    time += every * 1000;
    point();
  }
  return strToU8(
    `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Garmin Connect" xmlns="http://www.topografix.com/GPX/1/1"><metadata><time>${options.start}</time></metadata><trk><name>${options.name ?? 'Evening run'}</name><type>${options.type ?? 'running'}</type><trkseg>${points.join('')}</trkseg></trk></gpx>\n`,
  );
};

/** A TCX v2 activity of laps, each `lapSeconds` of timer time. */
export const tcxFile = (options: { start: string; lapSeconds: number[]; sport?: string }) => {
  let lapStart = Date.parse(options.start);
  const laps = options.lapSeconds.map((seconds) => {
    const lap = `<Lap StartTime="${new Date(lapStart).toISOString()}"><TotalTimeSeconds>${seconds}</TotalTimeSeconds><DistanceMeters>${seconds * 3}</DistanceMeters><Calories>100</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track><Trackpoint><Time>${new Date(lapStart).toISOString()}</Time></Trackpoint></Track></Lap>`;
    lapStart += (seconds + 120) * 1000;
    return lap;
  });
  return strToU8(
    `<?xml version="1.0" encoding="UTF-8"?>\n<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="${options.sport ?? 'Biking'}"><Id>${new Date(options.start).toISOString()}</Id>${laps.join('')}</Activity></Activities></TrainingCenterDatabase>\n`,
  );
};

export type AppleWorkout = { type: string; start: string; minutes: number; offset?: string };
export type AppleSteps = { day: string; counts: number[]; source?: string; offset?: string };

const appleDate = (iso: string, offset: string) => {
  // The local wall time of `iso` at `offset` (+HHMM), written as Apple does: "2026-11-20 08:00:00 +0100".
  const sign = offset.startsWith('-') ? -1 : 1;
  const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));
  const local = new Date(Date.parse(iso) + minutes * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)} ${offset}`;
};

/** export.xml as the Health app writes it: its DOCTYPE, Me, step Records through each day, Workouts with statistics. */
export const appleExportXml = (options: { workouts?: AppleWorkout[]; steps?: AppleSteps[]; heartRates?: number }) => {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE HealthData [',
    '<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>',
    '<!ATTLIST HealthData locale CDATA #REQUIRED>',
    '<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>',
    '<!ATTLIST Record type CDATA #REQUIRED unit CDATA #IMPLIED value CDATA #IMPLIED sourceName CDATA #REQUIRED sourceVersion CDATA #IMPLIED device CDATA #IMPLIED creationDate CDATA #IMPLIED startDate CDATA #REQUIRED endDate CDATA #REQUIRED>',
    ']>',
    '<HealthData locale="en_GB">',
    ' <ExportDate value="2026-11-22 09:00:00 +0100"/>',
    ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-05-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>',
  ];
  for (const day of options.steps ?? []) {
    const offset = day.offset ?? '+0100';
    day.counts.forEach((count, index) => {
      const start = appleDate(
        `${day.day}T${String(6 + (index % 16)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}:00Z`,
        '+0000',
      ).replace(' +0000', ` ${offset}`);
      lines.push(
        ` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="${day.source ?? 'Jane&apos;s iPhone'}" sourceVersion="17.1" device="&lt;&lt;HKDevice: 0x28&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone&gt;" unit="count" creationDate="${start}" startDate="${start}" endDate="${start}" value="${count}"/>`,
      );
    });
  }
  for (let index = 0; index < (options.heartRates ?? 0); index += 1) {
    lines.push(
      ` <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Jane's Apple Watch" unit="count/min" creationDate="2026-11-20 08:00:00 +0100" startDate="2026-11-20 08:00:00 +0100" endDate="2026-11-20 08:00:00 +0100" value="${60 + (index % 50)}"/>`,
    );
  }
  for (const workout of options.workouts ?? []) {
    const offset = workout.offset ?? '+0100';
    const start = appleDate(workout.start, offset);
    const end = appleDate(new Date(Date.parse(workout.start) + (workout.minutes + 5) * 60_000).toISOString(), offset);
    lines.push(
      ` <Workout workoutActivityType="${workout.type}" duration="${workout.minutes}" durationUnit="min" sourceName="Jane's Apple Watch" sourceVersion="10.1" creationDate="${end}" startDate="${start}" endDate="${end}">`,
      `  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="${start}" endDate="${end}" sum="250" unit="kcal"/>`,
      ' </Workout>',
    );
  }
  lines.push('</HealthData>', '');
  return strToU8(lines.join('\n'));
};

export const appleExportZip = (options: Parameters<typeof appleExportXml>[0]) =>
  zipSync({
    apple_health_export: {
      'export.xml': appleExportXml(options),
      'export_cda.xml': strToU8('<?xml version="1.0"?><ClinicalDocument/>'),
      'workout-routes': { 'route_2026-11-20_8.00am.gpx': gpxFile({ start: '2026-11-20T07:00:00Z', movingSeconds: 1800 }) },
    },
  });

export const zip = (files: Zippable) => zipSync(files);
export const gzip = (bytes: Uint8Array) => gzipSync(bytes);
export { strToU8 };
