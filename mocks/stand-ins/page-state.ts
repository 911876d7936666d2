import { pageStorage } from '../storage';

/** JSON that keeps the Sets and Maps the fakes hold their tokens and codes in. */
const replacer = (_key: string, value: unknown) => (value instanceof Set ? { $set: [...value] } : value instanceof Map ? { $map: [...value] } : value);
const reviver = (_key: string, value: unknown) => {
  if (value && typeof value === 'object' && '$set' in value) return new Set(value.$set as unknown[]);
  if (value && typeof value === 'object' && '$map' in value) return new Map(value.$map as [unknown, unknown][]);
  return value;
};
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Set) && !(value instanceof Map);

/** `saved` over `base`, record by record: what JSON dropped (functions) stays as `base` has it. */
const merged = (base: Record<string, unknown>, saved: Record<string, unknown>) => {
  for (const [name, value] of Object.entries(saved)) {
    const own = base[name];
    base[name] = isRecord(own) && isRecord(value) ? merged(own, value) : value;
  }
  return base;
};

/**
 * State that must outlive a page (a provider's codes are issued on its page and redeemed by the app's
 * next page; its tokens live as long as the database that keeps them): kept in localStorage under
 * `key`. What JSON cannot carry (a fake's clock, how it delivers) comes from `fresh()` again.
 * Another tab's save is picked up.
 */
export const pageState = <T extends object>(key: string, fresh: () => T) => {
  const load = (): T => {
    const base = fresh();
    try {
      return merged(base as Record<string, unknown>, (JSON.parse(pageStorage()?.getItem(key) ?? 'null', reviver) as Record<string, unknown> | null) ?? {}) as T;
    } catch {
      pageStorage()?.removeItem(key);
      return base;
    }
  };
  let current = load();
  if (typeof window !== 'undefined') window.addEventListener('storage', (event) => void (event.key === key && (current = load())));
  return {
    get: () => current,
    save: () => pageStorage()?.setItem(key, JSON.stringify(current, replacer)),
    clear: () => {
      pageStorage()?.removeItem(key);
      current = fresh();
    },
  };
};
