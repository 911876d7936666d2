import { afterEach, expect, it, vi } from 'vitest';
import { makeZodJitless } from '../../../src/lib/zod-jitless';

afterEach(() => {
  vi.restoreAllMocks();
});

it('zod reads the jitless setting the entry writes, and then parses objects without building a Function', async () => {
  makeZodJitless();
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  const functionCalls = vi.spyOn(globalThis, 'Function');
  const schema = z.object({ id: z.number(), name: z.string() });
  expect(schema.parse({ id: 1, name: 'Bea' })).toEqual({ id: 1, name: 'Bea' });
  expect(functionCalls).not.toHaveBeenCalled();
});
