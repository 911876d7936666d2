import { send, startServer, waitReady, type Started } from '../helpers/spawned-server';
import { scratchFolders } from '../../support/scratch';

/**
 * docs/security.md "Sessions": restarting with PASSWORD_SIGNIN=false ends every sign-in made with a
 * password, at once, not when its access token runs out. The server as operators run it.
 */

const tempDir = scratchFolders();
const admin = { email: 'admin@localhost', password: 'a long admin password' };
// Single sign-on must be set for passwords to go off; the issuer is asked only at a sign-on, which this test never makes.
const sso = { OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 'secret' };

const stop = async (server: Started) => {
  server.child.kill('SIGTERM');
  await server.exited;
};

test('a restart with PASSWORD_SIGNIN=false refuses the access token of a password sign-in made before it', async () => {
  const dataDir = tempDir('wc-password-off-');
  const first = await startServer(dataDir, false, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...sso });
  let accessToken: string;
  try {
    await waitReady(first);
    const origin = `http://127.0.0.1:${first.port}`;
    const signIn = await send(first.port, '/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(admin) });
    expect(signIn.status, signIn.body).toBe(200);
    accessToken = (JSON.parse(signIn.body) as { accessToken: string }).accessToken;
    expect((await send(first.port, '/api/access/confirmation', { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);
  } finally {
    await stop(first);
  }

  const second = await startServer(dataDir, false, { ...sso, PASSWORD_SIGNIN: 'false' });
  try {
    await waitReady(second);
    expect(second.output()).toContain('PASSWORD_SIGNIN=false: ended 1 sign-in(s) made with a password');
    expect((await send(second.port, '/api/access/confirmation', { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(401);
  } finally {
    await stop(second);
  }
}, 180_000);
