import type { z } from 'zod';

/**
 * Where a JSON body departs from a contract schema, field by field: `feed[0].startDate: wrong type
 * (expected string, got number)`, `activities[0].source: missing`, `rows[0].email: extra field`.
 * The server builds some bodies in SQL (server/db/functions/*.sql and the hot read statements) and
 * sends them without zod; this is what holds those bodies to the contract and names the field
 * that differs, so adding a field to a contract type fails until the SQL writes it too.
 */
type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

export const shapeDifferences = (schema: z.ZodType, value: unknown, path = ''): string[] => {
  const def = defOf(schema);
  const at = path || '(body)';
  switch (def.type) {
    case 'nullable':
      return value === null ? [] : shapeDifferences(def.innerType!, value, path);
    case 'optional':
    case 'default':
    case 'readonly':
      return value === undefined ? [] : shapeDifferences(def.innerType!, value, path);
    case 'pipe':
      return shapeDifferences(def.in!, value, path);
    case 'object': {
      if (typeName(value) !== 'object') return [`${at}: wrong type (expected object, got ${typeName(value)})`];
      const record = value as Record<string, unknown>;
      const shape = def.shape!;
      const missing = Object.keys(shape)
        .filter((key) => !(key in record) && !['optional', 'default'].includes(defOf(shape[key]!).type))
        .map((key) => `${join(path, key)}: missing`);
      const extra = Object.keys(record)
        .filter((key) => !(key in shape))
        .map((key) => `${join(path, key)}: extra field`);
      const inner = Object.keys(shape)
        .filter((key) => key in record)
        .flatMap((key) => shapeDifferences(shape[key]!, record[key], join(path, key)));
      return [...missing, ...extra, ...inner];
    }
    case 'array':
      if (!Array.isArray(value)) return [`${at}: wrong type (expected array, got ${typeName(value)})`];
      return value.flatMap((item, index) => shapeDifferences(def.element!, item, join(path, index)));
    default: {
      // A leaf (string, number, boolean, enum, literal, refinements): zod decides, we name the field.
      const result = schema.safeParse(value);
      if (result.success) return [];
      const expected = def.type === 'enum' || def.type === 'literal' ? `a ${def.type} value` : def.type;
      return [`${at}: wrong ${typeName(value) === def.type || def.type === 'enum' || def.type === 'literal' ? 'value' : 'type'} (expected ${expected}, got ${typeName(value)} ${JSON.stringify(value)}; ${result.error.issues[0]?.message ?? ''})`];
    }
  }
};
