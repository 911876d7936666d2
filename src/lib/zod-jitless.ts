/**
 * zod without compiled parsers. The Content Security Policy allows no eval, and zod's compiled
 * parsers probe `new Function('')` on the first object schema, which the browser reports as a
 * violation. This is what `z.config({ jitless: true })` does, written to the global zod reads its
 * settings from, so the entry does not load zod (it comes with the lazy chunks): call it before
 * any schema exists.
 */
export const makeZodJitless = () => {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
};
