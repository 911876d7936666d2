import { Gunzip, Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { AppError } from '@/domain/errors';
import { workoutFileErrors } from '@/domain/workout-file-errors';

/** Bytes in, synchronously: every reader of an upload is one (a ZIP, a gzip, a FIT buffer, the Apple Health stream). */
export type Sink = { push: (chunk: Uint8Array) => void; end: () => void };

/**
 * What an upload may unpack to, counted as it is unpacked (never trusting the sizes an archive
 * declares): at most `maxUnpackedBytes` in all, at most `maxEntries` entries, and never more than
 * `maxRatio` times the bytes received once past `ratioAfterBytes` (real exports pack about 5-30 to
 * 1; a ZIP bomb packs about 1,000 to 1). Checked after every slice, so a bomb stops within one slice.
 */
export type UnpackLimits = { maxUnpackedBytes: number; maxEntries: number; maxRatio: number; ratioAfterBytes: number };

export const unpackBudget = (limits: UnpackLimits) => {
  let received = 0;
  let unpacked = 0;
  let entries = 0;
  const megabytes = Math.floor(limits.maxUnpackedBytes / 1_000_000);
  return {
    received: (bytes: number) => {
      received += bytes;
    },
    entry: () => {
      entries += 1;
      if (entries > limits.maxEntries) throw workoutFileErrors.tooManyFiles(limits.maxEntries);
    },
    unpacked: (bytes: number, archive: string) => {
      unpacked += bytes;
      if (unpacked > limits.maxUnpackedBytes) throw workoutFileErrors.unpacksTooLarge(archive, megabytes);
      if (unpacked > limits.ratioAfterBytes && unpacked > received * limits.maxRatio) throw workoutFileErrors.unpacksTooLarge(archive, megabytes);
    },
    get unpackedBytes() {
      return unpacked;
    },
  };
};
export type UnpackBudget = ReturnType<typeof unpackBudget>;

/** Decompressors take their input this much at a time: one push never unpacks more than a slice's worth at a bomb's ratio. */
const SLICE_BYTES = 16 * 1024;
const sliced = (chunk: Uint8Array, each: (slice: Uint8Array) => void) => {
  for (let offset = 0; offset < chunk.length; offset += SLICE_BYTES) each(chunk.subarray(offset, Math.min(chunk.length, offset + SLICE_BYTES)));
};

/** Our refusals pass through fflate's callbacks as they are; anything fflate throws is a damaged archive. */
const asRefusal = (error: unknown, archive: string) => (error instanceof AppError ? error : workoutFileErrors.damaged(archive));

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
export const looksLikeZip = (head: Uint8Array) => startsWith(head, ZIP_LOCAL_HEADER) || startsWith(head, ZIP_EMPTY);
export const looksLikeGzip = (head: Uint8Array) => head[0] === 0x1f && head[1] === 0x8b;
const EOCD_SEARCH_BYTES = 22 + 65_535;
const hasEndRecord = (tail: Uint8Array) => {
  for (let index = tail.length - 22; index >= 0; index -= 1) if (startsWith(tail.subarray(index), ZIP_EMPTY)) return true;
  return false;
};
/** PKWARE's AES encryption is compression method 99 (APPNOTE appendix E). */
const AES_ENCRYPTED = 99;

/**
 * A ZIP read as it arrives (fflate's streaming Unzip, from the local headers, so the upload never
 * has to be whole in memory): each entry goes to the sink `entryFor` gives it. A password-protected
 * archive (bit 0 of the first entry's flags, or AES) is refused; an archive that ends inside an entry is incomplete.
 */
export const zipSink = (archive: string, budget: UnpackBudget, entryFor: (path: string) => Sink): Sink => {
  const open = new Set<UnzipFile>();
  // The end of central directory record closes every ZIP (within its last 22 bytes and a comment of at most 64 kB).
  let tail = new Uint8Array(0);
  let first = true;
  let empty = false;
  let entries = 0;
  const unzip = new Unzip((file) => {
    budget.entry();
    entries += 1;
    if (file.compression === AES_ENCRYPTED) throw workoutFileErrors.passwordProtected(archive);
    if (file.compression !== 0 && file.compression !== 8) throw workoutFileErrors.unsupported(`${archive}/${file.name}`);
    const sink = entryFor(file.name);
    open.add(file);
    file.ondata = (error, data, final) => {
      if (error) throw asRefusal(error, archive);
      if (data.length > 0) {
        budget.unpacked(data.length, archive);
        sink.push(data);
      }
      if (final) {
        open.delete(file);
        sink.end();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  return {
    push: (chunk) => {
      if (first && chunk.length > 0) {
        first = false;
        empty = startsWith(chunk, ZIP_EMPTY);
        // General purpose flag bit 0: the entries are encrypted.
        if (startsWith(chunk, ZIP_LOCAL_HEADER) && chunk.length > 6 && (chunk[6]! & 1) === 1) throw workoutFileErrors.passwordProtected(archive);
      }
      if (empty) return;
      const kept = tail.subarray(Math.max(0, tail.length + chunk.length - EOCD_SEARCH_BYTES));
      tail = new Uint8Array(kept.length + Math.min(chunk.length, EOCD_SEARCH_BYTES));
      tail.set(kept);
      tail.set(chunk.subarray(Math.max(0, chunk.length - EOCD_SEARCH_BYTES)), kept.length);
      sliced(chunk, (slice) => {
        try {
          unzip.push(slice, false);
        } catch (error) {
          throw asRefusal(error, archive);
        }
      });
    },
    end: () => {
      if (empty) return;
      try {
        unzip.push(new Uint8Array(0), true);
      } catch (error) {
        // What fails only once the bytes ran out is an archive cut short.
        if (error instanceof AppError) throw error;
        throw workoutFileErrors.truncated(archive);
      }
      if (open.size > 0 || entries === 0 || !hasEndRecord(tail)) throw workoutFileErrors.truncated(archive);
    },
  };
};

/** A gzip member (`.fit.gz` in Strava's bulk export), unpacked into `inner` as it arrives. */
export const gzipSink = (file: string, budget: UnpackBudget, inner: Sink): Sink => {
  let ended = false;
  const gunzip = new Gunzip((data, final) => {
    if (data.length > 0) {
      budget.unpacked(data.length, file);
      inner.push(data);
    }
    if (final) {
      ended = true;
      inner.end();
    }
  });
  const push = (slice: Uint8Array, final: boolean) => {
    try {
      gunzip.push(slice, final);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw final ? workoutFileErrors.truncated(file) : workoutFileErrors.damaged(file);
    }
  };
  return {
    push: (chunk) => sliced(chunk, (slice) => push(slice, false)),
    end: () => {
      push(new Uint8Array(0), true);
      if (!ended) throw workoutFileErrors.truncated(file);
    },
  };
};
