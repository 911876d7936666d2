import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageState } from '../../mocks/stand-ins/page-state';

/** localStorage as a browser keeps it (Node has none): what one page saves, the next one reads. */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) };
};

type Fake = { tokens: Set<string>; codes: Map<string, { redirectUri: string }>; providers: { strava: { limit: number | null; now: () => number } }; list: number[] };
const fresh = (): Fake => ({ tokens: new Set(), codes: new Map(), providers: { strava: { limit: null, now: () => 42 } }, list: [1] });

describe("mock mode's page state (the stand-ins' tokens and codes across pages)", () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = memoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it("a page's save is the next page's state: Sets and Maps revived, functions from fresh() at any depth", () => {
    const first = pageState('test.state', fresh);
    first.get().tokens.add('access-1');
    first.get().codes.set('code-1', { redirectUri: 'http://localhost/strava' });
    first.get().providers.strava.limit = 0;
    first.get().list = [];
    first.save();

    const next = pageState('test.state', fresh).get();
    expect(next.tokens).toEqual(new Set(['access-1']));
    expect(next.codes.get('code-1')).toEqual({ redirectUri: 'http://localhost/strava' });
    expect(next.providers.strava.limit).toBe(0);
    expect(next.providers.strava.now()).toBe(42);
    expect(next.list).toEqual([]);
  });

  it('clear() forgets the saved state; an unreadable one is dropped', () => {
    const state = pageState('test.state', fresh);
    state.get().tokens.add('x');
    state.save();
    state.clear();
    expect(pageState('test.state', fresh).get().tokens.size).toBe(0);
    localStorage.setItem('test.state', '{not json');
    expect(pageState('test.state', fresh).get().list).toEqual([1]);
    expect(localStorage.getItem('test.state')).toBeNull();
  });
});
