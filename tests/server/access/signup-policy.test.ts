import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../server/config';
import { signupPolicyLogLine } from '../../../server/modules/access/signup-policy';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { fields, multipart, pngBytes, snapshot } from '../auth/fixtures';

beforeAll(async () => {
  await testDatabase();
});

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wc-access-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

const form = (email: string) =>
  multipart([
    ...fields({ firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1991-02-03', gender: 'female', email, password: 'long enough password', levelOfCompetition: 'Advanced' }),
    { name: 'photo', filename: 'me.png', contentType: 'image/png', data: pngBytes(3_000) },
  ]);

const uploads = () => {
  try {
    return readdirSync(join(dataDir, 'uploads'));
  } catch {
    return [];
  }
};

describe('sign-up policy on POST /api/auth/signup', () => {
  test('domain mode: an outside address gets 403 on the e-mail field; no row, no session, no photo file', async () => {
    const { app, db } = await createTestApp({ config: { dataDir, signup: { signupMode: 'domain', emailDomains: ['acme.com'], fromEnvironment: true } } });
    const before = await snapshot(db);
    const response = await app.inject({ method: 'POST', url: '/api/auth/signup', ...form('ann@gmail.com') });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ serverCode: 'EMAIL_DOMAIN_NOT_ALLOWED', message: 'Please use your company e-mail address (@acme.com)' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await snapshot(db)).toEqual(before);
    expect(uploads()).toEqual([]);
  });

  test('domain mode: a company address signs up as in open mode', async () => {
    const { app } = await createTestApp({ config: { dataDir, signup: { signupMode: 'domain', emailDomains: ['acme.com'], fromEnvironment: true } } });
    const response = await app.inject({ method: 'POST', url: '/api/auth/signup', ...form('Ann@Acme.com') });
    expect(response.statusCode).toBe(201);
    expect(uploads()).toHaveLength(1);
  });

  test("domain mode with SIGNUP_REFUSE_SUBADDRESSES: 'ann+2@acme.com' gets 403 and nothing is written; without the setting it signs up", async () => {
    const policy = { signupMode: 'domain' as const, emailDomains: ['acme.com'], fromEnvironment: true };
    const strict = await createTestApp({ config: { dataDir, signup: { ...policy, refuseSubaddresses: true } } });
    const before = await snapshot(strict.db);
    const refused = await strict.app.inject({ method: 'POST', url: '/api/auth/signup', ...form('ann+2@acme.com') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ serverCode: 'EMAIL_DOMAIN_NOT_ALLOWED', message: "Please use your company e-mail address without a '+' tag" });
    expect(await snapshot(strict.db)).toEqual(before);
    expect((await strict.app.inject({ method: 'POST', url: '/api/auth/signup', ...form('ann@acme.com') })).statusCode).toBe(201);
    await strict.app.close();
    const lenient = await createTestApp({ config: { dataDir, signup: policy } });
    expect((await lenient.app.inject({ method: 'POST', url: '/api/auth/signup', ...form('ann+2@acme.com') })).statusCode).toBe(201);
    await lenient.app.close();
  });

  test('invite mode: no account without an invitation', async () => {
    const { app, db } = await createTestApp({ config: { dataDir, signup: { signupMode: 'invite', emailDomains: [], fromEnvironment: true } } });
    const response = await app.inject({ method: 'POST', url: '/api/auth/signup', ...form('ann@acme.com') });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ serverCode: 'INVITATION_REQUIRED' });
    expect((await snapshot(db)).users).toEqual([]);
  });
});

describe('SIGNUP_MODE and SIGNUP_EMAIL_DOMAINS', () => {
  const configWith = (values: Record<string, string>) => {
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('JWT_SECRET', 'x'.repeat(48));
    vi.stubEnv('TOKEN_ENCRYPTION_KEY', 'y'.repeat(48));
    vi.stubEnv('SIGNUP_MODE', '');
    vi.stubEnv('SIGNUP_EMAIL_DOMAINS', '');
    for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
    return loadConfig();
  };

  test('unset: open, and the start-up line says how to change it', () => {
    const config = configWith({});
    expect(config.signup).toEqual({ signupMode: 'open', emailDomains: [], fromEnvironment: false });
    expect(signupPolicyLogLine(config.signup)).toMatch(/SIGNUP_MODE is not set: sign-up is open to anyone.*SIGNUP_MODE=domain with SIGNUP_EMAIL_DOMAINS=.*SIGNUP_MODE=invite/);
  });

  test('domain mode reads a comma list as people type it', () => {
    const config = configWith({ SIGNUP_MODE: 'Domain', SIGNUP_EMAIL_DOMAINS: ' Acme.com, @acme.co.uk ,' });
    expect(config.signup).toEqual({ signupMode: 'domain', emailDomains: ['acme.com', 'acme.co.uk'], refuseSubaddresses: false, fromEnvironment: true });
    expect(signupPolicyLogLine(config.signup)).toBe('Sign-up mode: domain (addresses at acme.com, acme.co.uk only)');
  });

  test('SIGNUP_REFUSE_SUBADDRESSES=true in domain mode refuses tagged addresses (and is said at start)', () => {
    const config = configWith({ SIGNUP_MODE: 'domain', SIGNUP_EMAIL_DOMAINS: 'acme.com', SIGNUP_REFUSE_SUBADDRESSES: 'true' });
    expect(config.signup.refuseSubaddresses).toBe(true);
    expect(signupPolicyLogLine(config.signup)).toBe("Sign-up mode: domain (addresses at acme.com only, without a '+' tag)");
    expect(configWith({ SIGNUP_MODE: 'open', SIGNUP_REFUSE_SUBADDRESSES: 'true' }).signup.refuseSubaddresses).toBe(false);
  });

  test('a typo or domain mode without domains stops the start with a readable reason', () => {
    expect(() => configWith({ SIGNUP_MODE: 'closed' })).toThrow('SIGNUP_MODE must be one of open, domain, invite, got "closed"');
    expect(() => configWith({ SIGNUP_MODE: 'domain' })).toThrow(/SIGNUP_MODE=domain needs SIGNUP_EMAIL_DOMAINS/);
  });

  test('an office behind one NAT address signs up: 300 accounts per address and hour unless SIGNUP_LIMIT_PER_HOUR says otherwise', () => {
    expect(configWith({}).signupsPerAddressPerHour).toBe(300);
    expect(configWith({ SIGNUP_LIMIT_PER_HOUR: '1000' }).signupsPerAddressPerHour).toBe(1000);
  });

  test('invite mode', () => {
    expect(signupPolicyLogLine(configWith({ SIGNUP_MODE: 'invite' }).signup)).toBe('Sign-up mode: invite');
  });
});
