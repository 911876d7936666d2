import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { workoutFileErrors } from '@/domain/workout-file-errors';

/** The root element of an XML text's start (after the declaration, comments and a DOCTYPE), without a namespace prefix. */
export const xmlRootOf = (head: string): string | null => {
  const text = head
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  // A DOCTYPE names the root too (Apple Health's has a long internal subset before the root arrives).
  const doctype = /^\s*<!DOCTYPE\s+([A-Za-z_][\w.-]*)/.exec(text);
  if (doctype) return doctype[1]!.replace(/^.*:/, '');
  const root = /^\s*<([A-Za-z_][\w.:-]*)[\s/>]/.exec(text);
  return root ? root[1]!.replace(/^.*:/, '') : null;
};

/** Whether bytes start like XML: a BOM, blanks, then `<`. */
export const looksLikeXml = (head: Uint8Array) => {
  let index = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (index < head.length && (head[index] === 0x20 || head[index] === 0x09 || head[index] === 0x0a || head[index] === 0x0d)) index += 1;
  return head[index] === 0x3c;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // Elements that repeat in GPX and TCX are always lists, even when there is one.
  isArray: (name) => ['trk', 'trkseg', 'trkpt', 'Activity', 'Lap', 'Track', 'Trackpoint'].includes(name),
});

/**
 * A whole GPX or TCX document, checked before it is read: a DOCTYPE with entity declarations (never
 * in these formats, the way to an entity bomb) is refused, and a document that is not well formed
 * (a truncated download ends in the middle of an element) is damaged or incomplete.
 */
export const parseXmlDocument = (bytes: Uint8Array, file: string): Record<string, unknown> => {
  const text = new TextDecoder('utf-8').decode(bytes);
  if (/<!ENTITY/i.test(text)) throw workoutFileErrors.unsupported(file);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const message = valid.err.msg.toLowerCase();
    throw /unclosed|closing tag|not closed|end of/.test(message) || !/<\/[^>]+>\s*$/.test(text) ? workoutFileErrors.truncated(file) : workoutFileErrors.damaged(file);
  }
  return parser.parse(text) as Record<string, unknown>;
};

/** A value as a list (the parser gives one element as itself). */
export const listOf = <T = Record<string, unknown>>(value: unknown): T[] => (value === undefined || value === null ? [] : Array.isArray(value) ? (value as T[]) : [value as T]);

/** The text of an element (parsed as a string, or an object with `#text`). */
export const textOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && '#text' in value && typeof (value as { '#text': unknown })['#text'] === 'string') return (value as { '#text': string })['#text'];
  return null;
};
