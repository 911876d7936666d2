import { gpxTypeOf } from './sports';
import type { FileWorkout, UnusedFile } from './types';
import { listOf, parseXmlDocument, textOf } from './xml-document';

/** A gap this long between two points is a pause (an auto-paused watch records nothing). */
const PAUSE_GAP_SECONDS = 60;
/** Slower than this between two points is standing still (GPS drifts about while standing). */
const MOVING_METRES_PER_SECOND = 0.3;

type Point = { time: number | null; lat: number | null; lon: number | null };

const EARTH_RADIUS_M = 6_371_000;
const metresBetween = (a: Point, b: Point) => {
  const rad = Math.PI / 180;
  const dLat = (b.lat! - a.lat!) * rad;
  const dLon = (b.lon! - a.lon!) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat! * rad) * Math.cos(b.lat! * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
};

const pointOf = (raw: Record<string, unknown>): Point => {
  const time = Date.parse(textOf(raw.time) ?? '');
  const lat = Number(raw['@_lat']);
  const lon = Number(raw['@_lon']);
  return { time: Number.isNaN(time) ? null : time, lat: Number.isFinite(lat) ? lat : null, lon: Number.isFinite(lon) ? lon : null };
};

/**
 * Moving time of a track: GPX has no timer, so it is the time between consecutive points of a
 * segment that were moving (faster than standing, no pause gap); a new segment is a new start after
 * a pause. Points without a position (an indoor track) count while they keep coming.
 */
export const movingSeconds = (segments: Point[][]) => {
  let total = 0;
  for (const points of segments) {
    for (let index = 1; index < points.length; index += 1) {
      const before = points[index - 1]!;
      const after = points[index]!;
      if (before.time === null || after.time === null) continue;
      const gap = (after.time - before.time) / 1000;
      if (gap <= 0 || gap > PAUSE_GAP_SECONDS) continue;
      const placed = before.lat !== null && before.lon !== null && after.lat !== null && after.lon !== null;
      if (!placed || metresBetween(before, after) / gap >= MOVING_METRES_PER_SECOND) total += gap;
    }
  }
  return total;
};

/**
 * A GPX file (GPX 1.0 and 1.1): each track with times is a workout, starting at its first timed
 * point. Its times are UTC (`Z`): the day comes from the uploader's time zone. A file of routes or
 * waypoints only, or tracks without times, is a plan or a map, not a workout.
 */
export const readGpx = (bytes: Uint8Array, file: string): { workouts: FileWorkout[]; unused: UnusedFile | null } => {
  const document = parseXmlDocument(bytes, file);
  const gpx = document.gpx as Record<string, unknown> | undefined;
  const workouts: FileWorkout[] = [];
  for (const track of listOf(gpx?.trk)) {
    const segments = listOf(track.trkseg).map((segment) => listOf(segment.trkpt).map(pointOf));
    const first = segments.flat().find((point) => point.time !== null);
    if (!first) continue;
    workouts.push({
      source: 'file',
      file,
      startAt: new Date(first.time!),
      offsetMinutes: null,
      seconds: movingSeconds(segments),
      name: gpxTypeOf(textOf(track.type), textOf(track.name)),
    });
  }
  return { workouts, unused: workouts.length === 0 ? { file, reason: 'Not a workout: a route or a track without times' } : null };
};
