import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../render-app';

const systemPrefersDark = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: query.includes('prefers-color-scheme: dark'), media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn() }) as unknown as MediaQueryList,
  );

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('colour scheme', () => {
  it('follows the system setting until the person picks one', async () => {
    localStorage.clear();
    systemPrefersDark();
    await renderApp('/');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'));
  });
});
