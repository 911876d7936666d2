import { FORM_LIMITS } from '../../server/http/form-limits';
import { requestRefusals } from '../../server/http/error-answer';
import { FormLimitError, type FormFileLimits, type FormPart, type FormReader } from '../../server/http/host';

/** Fastify's default body limit (server/app.ts). */
const DEFAULT_BODY_LIMIT = 1_048_576;

/** The request's body read as Fastify's parsers read it: JSON, plain text, or left to the form reader. */
export const readBody = async (request: Request, limit = DEFAULT_BODY_LIMIT): Promise<unknown> => {
  const type = request.headers.get('content-type');
  if (type && /^multipart\/form-data/i.test(type)) return undefined;
  const text = await request.text();
  if (new TextEncoder().encode(text).length > limit) throw requestRefusals.tooLarge();
  if (!type) return text === '' ? undefined : text;
  if (/^application\/json/i.test(type)) {
    if (text === '') throw requestRefusals.emptyJson();
    try {
      return JSON.parse(text);
    } catch {
      throw requestRefusals.invalidJson();
    }
  }
  if (/^text\/plain/i.test(type)) return text;
  throw requestRefusals.mediaType();
};

/** The fetch API's FormData as the host-independent form, with the Node host's limits. */
export const formOf = (request: Request): FormReader | null => {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) return null;
  return {
    contentType: type,
    contentLength: request.headers.get('content-length') ?? '',
    async *parts(limits?: FormFileLimits): AsyncIterable<FormPart> {
      const fileLimits = limits ?? { files: FORM_LIMITS.files, fileSize: FORM_LIMITS.fileSize };
      let form: FormData;
      try {
        form = await request.formData();
      } catch {
        throw new FormLimitError('malformed');
      }
      const entries = [...form.entries()];
      const files = entries.filter(([, value]) => typeof value !== 'string');
      if (entries.length - files.length > FORM_LIMITS.fields || entries.length > (limits ? limits.files + FORM_LIMITS.fields : FORM_LIMITS.parts)) throw new FormLimitError('fields');
      let filesSeen = 0;
      for (const [name, value] of entries) {
        if (typeof value === 'string') {
          yield { type: 'field', name, value };
          continue;
        }
        filesSeen += 1;
        if (filesSeen > fileLimits.files) throw new FormLimitError('files');
        const file = value as File;
        yield {
          type: 'file',
          name,
          filename: file.name,
          read: async () => {
            if (file.size > fileLimits.fileSize) throw new FormLimitError('file-size');
            return new Uint8Array(await file.arrayBuffer());
          },
          stream: async function* () {
            if (file.size > fileLimits.fileSize) throw new FormLimitError('file-size');
            // A reader, not the stream's async iterator (not in every browser yet).
            const reader = file.stream().getReader();
            for (;;) {
              const next = await reader.read();
              if (next.done) return;
              yield next.value;
            }
          },
          discard: () => undefined,
        };
      }
    },
  };
};

/** Query string as the Node host parses it: repeated keys become arrays. */
export const readQuery = (url: URL) => {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const existing = query[key];
    query[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
};
