import { UPLOAD_NAME } from '../http/photo-storage';
import { readArchive, type ArchiveRecord } from './archive-file';
import { RestoreRefused } from './restore-refused';

type Header = Extract<ArchiveRecord, { kind: 'header' }>;
type End = Extract<ArchiveRecord, { kind: 'end' }>;

/**
 * Reads the whole archive once before a restore changes anything: a header first, photo names the
 * server could have made, and, last, an end record whose counts match what came before. An archive
 * cut short, damaged or not an archive at all is refused here, with the database and photos untouched.
 */
export const checkArchive = async (file: string): Promise<Header> => {
  let header: Header | undefined;
  let end: End | undefined;
  const held = { tables: 0, rows: 0, photos: 0, missingPhotos: 0 };
  try {
    for await (const record of readArchive(file)) {
      if (!header) {
        if (record.kind !== 'header' || record.format !== 'wellness-challenge-backup') break;
        header = record;
      } else if (end) {
        throw new RestoreRefused(`${file} has records after its end: nothing was restored.`);
      } else if (record.kind === 'table') held.tables += 1;
      else if (record.kind === 'rows') held.rows += record.rows.length;
      else if (record.kind === 'photo' || record.kind === 'photo-missing') {
        if (!UPLOAD_NAME.test(record.name)) throw new RestoreRefused(`${file} holds a photo with an unexpected name (${record.name}): nothing was restored.`);
        if (record.kind === 'photo') held.photos += 1;
        else held.missingPhotos += 1;
      } else if (record.kind === 'end') end = record;
    }
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`${file} cannot be read (${(error as Error).message}): nothing was restored.`);
  }
  if (!header) throw new RestoreRefused(`${file} is not a Wellness Challenge backup archive.`);
  if (!end) throw new RestoreRefused(`${file} is incomplete (it ends before its last record): nothing was restored.`);
  // missingPhotos: absent from the end records of archives written before photos could go missing.
  if (end.tables !== held.tables || end.rows !== held.rows || end.photos !== held.photos || (end.missingPhotos ?? 0) !== held.missingPhotos) {
    const counts = (c: { tables: number; rows: number; photos: number }) => `${c.tables} tables, ${c.rows} rows, ${c.photos} photos`;
    throw new RestoreRefused(`${file} is damaged (its end record counts ${counts(end)}, it holds ${counts(held)}): nothing was restored.`);
  }
  return header;
};
