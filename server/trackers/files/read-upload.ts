import { workoutFileErrors } from '@/domain/workout-file-errors';
import { appleHealthReader } from './apple-health';
import { gzipSink, looksLikeGzip, looksLikeZip, unpackBudget, zipSink, type Sink, type UnpackLimits } from './archive';
import { looksLikeFit, readFit } from './fit';
import { readGpx } from './gpx';
import { readTcx } from './tcx';
import type { FileWorkout, StepDay, UnusedFile } from './types';
import { looksLikeXml, xmlRootOf } from './xml-document';

export type UploadLimits = UnpackLimits & {
  /** All uploaded bytes together (IMPORT_MAX_UPLOAD_MB). */
  maxUploadBytes: number;
  /** One FIT, GPX or TCX file, unpacked (they are read whole). */
  maxFileBytes: number;
  maxWorkouts: number;
};

export type UploadReading = {
  workouts: FileWorkout[];
  steps: StepDay[];
  /** Files that hold nothing to import, with why (the first ones; `unusedCount` counts them all). */
  unused: UnusedFile[];
  unusedCount: number;
};

/** An archive inside the upload's archive is opened (Garmin's bulk export nests its FIT files so); one deeper is not. */
const MAX_ARCHIVE_DEPTH = 1;
/** Enough of a file's start to tell what it is: binary signatures, or XML's root behind Apple Health's long DOCTYPE. */
const HEAD_BYTES = 64 * 1024;
const UNUSED_LISTED = 50;
/** Work this long without a pause gives the event loop a turn: other requests are served meanwhile. */
const SLICE_MS = 15;
const INPUT_SLICE_BYTES = 4 * 1024;

type Kind = 'zip' | 'gzip' | 'fit' | 'gpx' | 'tcx' | 'apple' | null;

const kindOf = (head: Uint8Array): Kind => {
  if (looksLikeZip(head)) return 'zip';
  if (looksLikeGzip(head)) return 'gzip';
  if (looksLikeFit(head)) return 'fit';
  if (!looksLikeXml(head)) return null;
  const root = xmlRootOf(new TextDecoder('utf-8').decode(head));
  return root === 'HealthData' ? 'apple' : root === 'gpx' ? 'gpx' : root === 'TrainingCenterDatabase' ? 'tcx' : null;
};

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Reads an upload (one or more files, each as it arrives) into workouts, daily steps and the files
 * that hold neither. A file is recognised by its bytes (a ZIP, gzip, FIT, GPX, TCX or Apple Health
 * export), an archive's entries by their names first. Any file that cannot be read refuses the whole
 * upload (nothing is saved from it). Parsing gives the event loop a turn every few milliseconds.
 */
export const uploadReader = (limits: UploadLimits, pause: () => Promise<void>) => {
  const budget = unpackBudget(limits);
  const workouts: FileWorkout[] = [];
  const steps: StepDay[] = [];
  const unused: UnusedFile[] = [];
  let unusedCount = 0;
  let received = 0;
  /** Whole files to parse once the current chunk is through (outside the decompressors' callbacks). */
  const parses: (() => void)[] = [];
  let lastPause = performance.now();

  const keepWorkouts = (found: FileWorkout[]) => {
    workouts.push(...found);
    if (workouts.length > limits.maxWorkouts) throw workoutFileErrors.tooManyWorkouts(limits.maxWorkouts);
  };
  const noteUnused = (file: string, reason: string) => {
    unusedCount += 1;
    if (unused.length < UNUSED_LISTED) unused.push({ file, reason });
  };
  const ignored: Sink = { push: () => undefined, end: () => undefined };
  const ignoring = (file: string, reason: string): Sink => {
    noteUnused(file, reason);
    return ignored;
  };

  /** A FIT, GPX or TCX file, collected whole and parsed after the chunk. */
  const wholeFile = (file: string, kind: 'fit' | 'gpx' | 'tcx'): Sink => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    return {
      push: (chunk) => {
        size += chunk.length;
        if (size > limits.maxFileBytes) throw workoutFileErrors.fileTooLarge(file, Math.floor(limits.maxFileBytes / 1_000_000));
        chunks.push(chunk.slice());
      },
      end: () => {
        const bytes = new Uint8Array(size);
        let offset = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, offset);
          offset += chunk.length;
        }
        chunks.length = 0;
        parses.push(() => {
          const read = kind === 'fit' ? readFit(bytes, file) : kind === 'gpx' ? readGpx(bytes, file) : readTcx(bytes, file);
          keepWorkouts(read.workouts);
          if (read.unused) noteUnused(read.unused.file, read.unused.reason);
        });
      },
    };
  };

  /** Apple Health's export.xml, parsed as it streams (never whole in memory). */
  const appleExport = (file: string): Sink => {
    const reader = appleHealthReader(file);
    return {
      push: reader.push,
      end: () => {
        const read = reader.end();
        keepWorkouts(read.workouts);
        steps.push(...read.steps);
      },
    };
  };

  const sinkOf = (kind: Kind, file: string, depth: number): Sink | null => {
    switch (kind) {
      case 'zip':
        if (depth > MAX_ARCHIVE_DEPTH) return ignoring(file, 'An archive inside an archive inside an archive is not opened');
        return zipSink(file, budget, (path) => entrySink(`${file}/${path}`, depth + 1));
      case 'gzip':
        return gzipSink(file, budget, recognised(file, depth, false));
      case 'fit':
      case 'gpx':
      case 'tcx':
        return wholeFile(file, kind);
      case 'apple':
        return appleExport(file);
      default:
        return null;
    }
  };

  /**
   * Holds a file's first bytes until they tell what it is. An uploaded file that is none of the
   * formats is refused; an archive entry named like a workout file but holding something else is damaged.
   */
  const recognised = (file: string, depth: number, uploaded: boolean): Sink => {
    let head = new Uint8Array(0);
    let inner: Sink | null = null;
    const decide = (final: boolean) => {
      const kind = kindOf(head);
      if (!kind && !final && head.length < HEAD_BYTES) return false;
      const sink = sinkOf(kind, file, depth);
      if (!sink) {
        if (uploaded) throw workoutFileErrors.unsupported(file);
        if (/\.xml(\.gz)?$/i.test(file)) inner = ignoring(file, 'Not a workout file');
        else throw head.length === 0 ? workoutFileErrors.truncated(file) : workoutFileErrors.damaged(file);
      } else inner = sink;
      inner.push(head);
      head = new Uint8Array(0);
      return true;
    };
    return {
      push: (chunk) => {
        if (inner) return inner.push(chunk);
        const joined = new Uint8Array(head.length + chunk.length);
        joined.set(head);
        joined.set(chunk, head.length);
        head = joined;
        decide(false);
      },
      end: () => {
        if (!inner) decide(true);
        inner!.end();
      },
    };
  };

  /** An archive entry, by its name first: workout files and nested archives are read, anything else is noted and skipped. */
  const entrySink = (path: string, depth: number): Sink => {
    const name = baseName(path).toLowerCase();
    if (path.endsWith('/') || /(^|\/)__MACOSX\//.test(path) || name.startsWith('._')) return ignored;
    // Apple Health's routes: each one's workout is in export.xml already.
    if (/(^|\/)workout-routes\//i.test(path)) return ignoring(path, 'A route of an Apple Health workout (the workout is in export.xml)');
    if (name.endsWith('.zip')) return sinkOf('zip', path, depth)!;
    if (name.endsWith('.gz')) return sinkOf('gzip', path, depth)!;
    if (/\.(fit|gpx|tcx|xml)$/.test(name)) return recognised(path, depth, false);
    return ignoring(path, 'Not a workout file');
  };

  const pauseIfLong = async () => {
    if (performance.now() - lastPause < SLICE_MS) return;
    await pause();
    lastPause = performance.now();
  };
  const runParses = async () => {
    while (parses.length > 0) {
      parses.shift()!();
      await pauseIfLong();
    }
  };

  return {
    /** One uploaded file, read to its end; throws the refusal that ends the upload. */
    read: async (fileName: string, chunks: AsyncIterable<Uint8Array>) => {
      const name = baseName(fileName.replace(/\\/g, '/')) || 'upload';
      const sink = recognised(name, 0, true);
      let size = 0;
      for await (const chunk of chunks) {
        size += chunk.length;
        received += chunk.length;
        if (received > limits.maxUploadBytes) throw workoutFileErrors.uploadTooLarge(Math.floor(limits.maxUploadBytes / 1_000_000));
        budget.received(chunk.length);
        // Small slices keep each step short (4 kB of an export unpack to about 100 kB of XML), so other requests get their turns.
        for (let offset = 0; offset < chunk.length; offset += INPUT_SLICE_BYTES) {
          sink.push(chunk.subarray(offset, Math.min(chunk.length, offset + INPUT_SLICE_BYTES)));
          await runParses();
          await pauseIfLong();
        }
      }
      if (size === 0) throw workoutFileErrors.unsupported(name);
      sink.end();
      await runParses();
    },
    result: (): UploadReading => ({ workouts, steps, unused, unusedCount }),
  };
};
