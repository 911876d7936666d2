import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../server/config';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { PASSWORD, fields, multipart, seedUser, snapshot } from '../auth/fixtures';

let dataDir: string;
beforeAll(async () => {
  await testDatabase();
});
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wc-sso-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe('OIDC_* and PASSWORD_SIGNIN settings', () => {
  const configWith = (values: Record<string, string>) => {
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('JWT_SECRET', 'x'.repeat(48));
    vi.stubEnv('TOKEN_ENCRYPTION_KEY', 'y'.repeat(48));
    vi.stubEnv('APP_ORIGIN', 'https://wellness.acme.com/');
    for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_BUTTON_LABEL', 'PASSWORD_SIGNIN']) vi.stubEnv(name, '');
    for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
    return loadConfig();
  };

  test('unset: no single sign-on, passwords on', () => {
    expect(configWith({})).toMatchObject({ oidc: null, passwordSignin: true });
  });

  test('the issuer with its client; the redirect URI is APP_ORIGIN/sso/callback; the label defaults to SSO', () => {
    const config = configWith({ OIDC_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0', OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 's3cret', PASSWORD_SIGNIN: 'false' });
    expect(config.oidc).toEqual({ issuer: 'https://login.microsoftonline.com/tenant/v2.0', clientId: 'app', clientSecret: 's3cret', buttonLabel: 'SSO', redirectUri: 'https://wellness.acme.com/sso/callback' });
    expect(config.passwordSignin).toBe(false);
    expect(configWith({ OIDC_ISSUER: 'https://acme.okta.com', OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 's', OIDC_BUTTON_LABEL: 'Okta' }).oidc?.buttonLabel).toBe('Okta');
  });

  test('half a configuration, or passwords off without single sign-on, stops the start with a readable reason', () => {
    expect(() => configWith({ OIDC_ISSUER: 'https://acme.okta.com' })).toThrow('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
    expect(() => configWith({ OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 's' })).toThrow('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET need OIDC_ISSUER');
    expect(() => configWith({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 's' })).toThrow('OIDC_ISSUER must be a URL');
    expect(() => configWith({ PASSWORD_SIGNIN: 'false' })).toThrow('PASSWORD_SIGNIN=false needs single sign-on');
  });
});

describe('PASSWORD_SIGNIN=false on the server', () => {
  const oidc = { issuer: 'https://sso.acme.example', clientId: 'app', clientSecret: 's', buttonLabel: 'Acme SSO', redirectUri: 'http://localhost:3000/sso/callback' };
  const refusal = { statusCode: 403, serverCode: 'PASSWORD_SIGNIN_DISABLED', message: "Password sign-in is switched off for this organisation: please use 'Sign in with Acme SSO'" };

  test('a right password signs nobody in, admins included, and changes nothing', async () => {
    const { app, db } = await createTestApp({ config: { dataDir, oidc, passwordSignin: false } });
    await seedUser(db, { role: 'admin', email: 'admin@acme.com' });
    const before = await snapshot(db);
    const response = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'admin@acme.com', password: PASSWORD } });
    expect(response.json()).toEqual(refusal);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await snapshot(db)).toEqual(before);
  });

  test('sign-up, reset links and invitation links with a password are refused; no mail goes out', async () => {
    const { app, db, mailer } = await createTestApp({ config: { dataDir, oidc, passwordSignin: false } });
    await seedUser(db);
    const signup = multipart(fields({ firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1991-02-03', gender: 'female', email: 'ann@acme.com', password: 'long enough password', levelOfCompetition: 'Advanced' }));
    const accept = multipart(fields({ token: 'any-token', firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1991-02-03', gender: 'female', password: 'long enough password' }));
    const answers = [
      await app.inject({ method: 'POST', url: '/api/auth/signup', ...signup }),
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'jane@example.com' } }),
      await app.inject({ method: 'GET', url: '/api/auth/forgot-password?token=abc' }),
      await app.inject({ method: 'PUT', url: '/api/auth/reset-password?token=abc', payload: { newPassword: 'another password' } }),
      await app.inject({ method: 'POST', url: '/api/access/invitation', ...accept }),
    ];
    for (const answer of answers) expect(answer.json()).toEqual(refusal);
    expect((await snapshot(db)).users).toHaveLength(1);
    expect(mailer.sent).toEqual([]);
  });
});
