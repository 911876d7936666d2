import { createTestApp, testDatabase } from '../helpers/test-app';
import { PASSWORD, cookieHeader, refreshCookie, seedUser } from './fixtures';

/* The session hint: a readable cookie that lives and dies with the refresh cookie (contract/session-hint.ts). */

beforeAll(async () => {
  await testDatabase();
});

type Cookie = { name: string; value: string; path?: string; httpOnly?: boolean; sameSite?: string; maxAge?: number };
const hintOf = (response: { cookies: Cookie[] }) => response.cookies.find((cookie) => cookie.name === 'wc_session');

test('sign-in and refresh set the hint beside the refresh cookie: readable by the page, on every path, for as long', async () => {
  const { app, db } = await createTestApp();
  await seedUser(db);
  const signin = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: PASSWORD } });
  expect(signin.statusCode).toBe(200);
  expect(hintOf(signin)).toMatchObject({ value: '1', path: '/', sameSite: 'Strict', maxAge: 30 * 24 * 60 * 60 });
  expect(hintOf(signin)!.httpOnly).toBeFalsy();

  const refresh = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: cookieHeader(refreshCookie(signin)!.value) });
  expect(refresh.statusCode).toBe(200);
  expect(hintOf(refresh)).toMatchObject({ value: '1', path: '/' });
  await app.close();
});

test('sign-out and a refused refresh clear the hint; a failed sign-in sets none', async () => {
  const { app, db } = await createTestApp();
  await seedUser(db);
  const wrong = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: 'wrong password' } });
  expect(wrong.statusCode).toBe(401);
  expect(hintOf(wrong)).toBeUndefined();

  const signin = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: PASSWORD } });
  const token = refreshCookie(signin)!.value;
  const signout = await app.inject({ method: 'POST', url: '/api/auth/signout', headers: cookieHeader(token) });
  expect(signout.statusCode).toBeLessThan(300);
  expect(hintOf(signout)).toMatchObject({ value: '', path: '/' });

  const refused = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: cookieHeader(token) });
  expect(refused.statusCode).toBe(401);
  expect(hintOf(refused)).toMatchObject({ value: '', path: '/' });
  await app.close();
});
