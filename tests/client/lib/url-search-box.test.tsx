import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useUrlSearchBox } from '../../../src/lib/use-url-search-box';

// The hook alone, with the URL played by a prop: its commits come back when the test says so, as a
// router's navigation does on a slow device.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const typed = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;

const renderBox = (initial?: string) => {
  const commits: (string | undefined)[] = [];
  const view = renderHook(({ committed }: { committed: string | undefined }) => useUrlSearchBox(committed, (search) => commits.push(search)), {
    initialProps: { committed: initial },
  });
  const type = (value: string) => {
    act(() => view.result.current.onType(typed(value)));
  };
  const pause = () => {
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  };
  const urlBecomes = (committed: string | undefined) => view.rerender({ committed });
  return { view, commits, type, pause, urlBecomes };
};

test('a commit that comes back after more was typed keeps what was typed', () => {
  const box = renderBox();
  box.type('ZOE A');
  box.pause();
  expect(box.commits).toEqual(['ZOE A']);
  box.type('ZOE AN');
  box.pause();
  box.type('ZOE ANG');
  box.urlBecomes('ZOE A');
  expect(box.view.result.current.text).toBe('ZOE ANG');
  box.urlBecomes('ZOE AN');
  expect(box.view.result.current.text).toBe('ZOE ANG');
  box.pause();
  expect(box.commits).toEqual(['ZOE A', 'ZOE AN', 'ZOE ANG']);
  box.urlBecomes('ZOE ANG');
  expect(box.view.result.current.text).toBe('ZOE ANG');
});

test('back, forward or a link moves the text to the URL search', () => {
  const box = renderBox('zoe');
  expect(box.view.result.current.text).toBe('zoe');
  box.type('zoe a');
  box.pause();
  box.urlBecomes('zoe a');
  box.urlBecomes('ziggy');
  expect(box.view.result.current.text).toBe('ziggy');
  box.urlBecomes(undefined);
  expect(box.view.result.current.text).toBe('');
});

test('an overtaken commit that never comes back does not hold the box: the newest one clears it', () => {
  const box = renderBox();
  box.type('ann');
  box.pause();
  box.type('anna');
  box.pause();
  // The router shows only the newest of two quick navigations.
  box.urlBecomes('anna');
  box.urlBecomes('ann');
  expect(box.view.result.current.text).toBe('ann');
});

test('a trailing space is kept and commits nothing new', () => {
  const box = renderBox();
  box.type('Zoë');
  box.pause();
  box.urlBecomes('Zoë');
  box.type('Zoë ');
  box.pause();
  expect(box.commits).toEqual(['Zoë']);
  expect(box.view.result.current.text).toBe('Zoë ');
});

test('typing back to the URL search while a commit is in flight commits it again', () => {
  const box = renderBox('a');
  box.type('ab');
  box.pause();
  box.type('a');
  box.pause();
  expect(box.commits).toEqual(['ab', 'a']);
  box.urlBecomes('ab');
  box.urlBecomes('a');
  expect(box.view.result.current.text).toBe('a');
});
