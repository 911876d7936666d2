import { expect, type Page } from '@playwright/test';

/** A request through the page's own fetch, answered by mock mode's host as the SPA's calls are (its cookie jar included). */
export const pageApi = (page: Page, method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  page.evaluate(
    async ({ method, path, options }) => {
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`/api${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, options },
  );

/** Signs in through the page (its refresh cookie stays in the page, as after a real sign-in) and returns the access token. */
export const pageTokenOf = async (page: Page, email: string, password: string) => {
  const response = await pageApi(page, 'POST', '/auth/signin', { body: { email, password } });
  expect(response.status).toBe(200);
  return response.body.accessToken as string;
};
