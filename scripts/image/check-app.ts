/**
 * What the image tests ask of a running container, over HTTP as a user would.
 *   seed   <base URL> <admin password>: the generated admin signs in; an employee signs up with a
 *          photo and logs an activity.
 *   verify <base URL> <admin password>: after a restart, the admin and the employee sign in again and
 *          the activity and the photo are still there.
 * Exits 1 with the reason on the first answer that is not what the contract promises.
 */
import { AuthSession } from '../../src/api/contract/auth';
import { Activity, MonthActivities } from '../../src/api/contract/activity';

const [mode, baseUrl, adminPassword] = process.argv.slice(2);
if (!['seed', 'verify'].includes(mode ?? '') || !baseUrl || !adminPassword) {
  console.error('Usage: tsx scripts/image/check-app.ts seed|verify <base URL> <admin password>');
  process.exit(2);
}

const admin = { email: 'admin@localhost', password: adminPassword };
const employee = { email: 'image.check@example.com', password: 'Image-check-2026!' };
const activityName = 'Image check run';
const today = new Date().toISOString().slice(0, 10);
// A 1x1 PNG: the server accepts PNG and JPEG by their first bytes.
const photo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const fail = (message: string): never => {
  console.error(`check-app ${mode}: ${message}`);
  process.exit(1);
};

const call = async (method: string, path: string, init: { token?: string; json?: unknown; form?: FormData } = {}) => {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const body = init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json));
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body }).catch((error: unknown) => fail(`${method} ${path}: ${String(error)}`));
  return response;
};

const expectStatus = async (response: Response, status: number, what: string) => {
  if (response.status !== status) fail(`${what}: expected ${status}, got ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response;
};

const signIn = async (who: { email: string; password: string }, role: 'admin' | 'user') => {
  const response = await expectStatus(await call('POST', '/api/auth/signin', { json: who }), 200, `sign-in of ${who.email}`);
  const session = AuthSession.parse(await response.json());
  if (session.user.role !== role) fail(`${who.email} signed in as ${session.user.role}, not ${role}`);
  return session;
};

const seed = async () => {
  await signIn(admin, 'admin');
  const form = new FormData();
  const fields = { firstName: 'Ima', lastName: 'Check', dateOfBirth: '1990-04-01', gender: 'other', email: employee.email, password: employee.password, levelOfCompetition: 'Beginner' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photo', new Blob([photo], { type: 'image/png' }), 'photo.png');
  const signup = await expectStatus(await call('POST', '/api/auth/signup', { form }), 201, 'employee sign-up');
  const { accessToken, user } = AuthSession.parse(await signup.json());
  if (!user.profilePicture) fail('the employee signed up with a photo but has no profilePicture');
  const logged = await call('POST', '/api/user/activity/log', { token: accessToken, json: { name: activityName, movingTime: 42, startTime: today } });
  Activity.parse(await (await expectStatus(logged, 201, 'activity log')).json());
  console.info(`seeded: admin signed in; ${employee.email} signed up with a photo and logged "${activityName}" on ${today}`);
};

const verify = async () => {
  await signIn(admin, 'admin');
  const { accessToken, user } = await signIn(employee, 'user');
  const month = await call('GET', `/api/user/activity?startDate=${today}&endDate=${today}`, { token: accessToken });
  const { activities } = MonthActivities.parse(await (await expectStatus(month, 200, 'month of activities')).json());
  if (!activities.some((activity) => activity.name === activityName && activity.movingTime === 42)) fail(`"${activityName}" is gone: ${JSON.stringify(activities)}`);
  const picture = await expectStatus(await call('GET', user.profilePicture ?? fail('the employee lost the photo'), { token: accessToken }), 200, 'profile photo');
  if (!Buffer.from(await picture.arrayBuffer()).equals(photo)) fail('the profile photo came back with other bytes');
  console.info(`verified: admin and ${employee.email} sign in; "${activityName}" and the photo are still there`);
};

await (mode === 'seed' ? seed() : verify());
