/**
 * Readers of the URL state the route files validate. `validateSearch` runs in the entry chunk, so
 * these are plain functions, not zod: the login page's first load carries no zod at all. Anything
 * unreadable in an address falls back to its default instead of failing the page.
 */
type Search = Record<string, unknown>;

/** A whole number within bounds, from a number or its digits (`?page=2` arrives as 2 or '2'); else undefined. */
export const wholeNumberParam = (value: unknown, min: number, max: number): number | undefined => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
};

/** Free text (a search box), trimmed; undefined when not text or too long. */
export const textParam = (value: unknown, maxLength: number): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length <= maxLength ? trimmed : undefined;
};

/** One of a list; undefined when unknown. */
export const choiceParam = <const T extends readonly string[]>(value: unknown, values: T): T[number] | undefined =>
  values.find((candidate) => candidate === value);

/** A reader with zod's `parse` name, so route files and screens read a view the same way as before. */
export const searchReader = <T>(read: (search: Search) => T) => ({ parse: (search: Search): T => read(search) });
