import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { halfSentPost, send, startServer, waitReady, type Started } from '../helpers/spawned-server';

/*
 * Nothing lost at SIGTERM: keep-alive clients keep logging activities (POST /api/user/activity/log, as
 * the SPA does) while the server stops, and a few activities are still being read when the signal comes. Started again on the same DATA_DIR, it has every activity
 * that was answered 2xx, none that was refused, and each employee's month points are the minutes of
 * the activities stored (no write half there: an activity without its score, or a score without it).
 */

const USERS = 3;
const CLIENTS_PER_USER = 2;

let dataDir: string;
const running: Started[] = [];
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wc-clean-stop-writes-'));
});
afterAll(() => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const json = (token?: string) => ({ 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) });

const signUp = async (port: number, index: number) => {
  const form = new FormData();
  const person = { firstName: 'Stop', lastName: `Tester${'abc'[index]}`, dateOfBirth: '1990-01-01', gender: 'female', email: `stop${index}@example.com`, password: 'long enough password', levelOfCompetition: 'Advanced' };
  for (const [name, value] of Object.entries(person)) form.append(name, value);
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { accessToken: string }).accessToken;
};

const signIn = async (port: number, email: string, password: string) => {
  const answer = await send(port, '/api/auth/signin', { method: 'POST', headers: json(), body: JSON.stringify({ email, password }) });
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { accessToken: string }).accessToken;
};

test('activities logged by keep-alive clients during SIGTERM: every 2xx one is there after a restart, no refused one is, and the month points agree', { timeout: 240_000 }, async () => {
  const server = await startServer(dataDir, true);
  running.push(server);
  await waitReady(server);
  const adminPassword = /password: (\S+)/.exec(server.output())?.[1];
  expect(adminPassword).toBeTruthy();
  const tokens: string[] = [];
  for (let index = 0; index < USERS; index += 1) tokens.push(await signUp(server.port, index));
  const today = new Date().toISOString().slice(0, 10);

  const agent = new Agent({ keepAlive: true, maxSockets: USERS * CLIENTS_PER_USER });
  let signalled = false;
  let inFlight = 0;
  const acknowledged = new Set<string>();
  /** Answered with an error status: none of these may be stored. */
  const refused = new Set<string>();
  /** Sent after the signal and met a closed connection: stored whole or not at all. */
  const cut = new Set<string>();
  const failures: string[] = [];
  const statuses: number[] = [];
  // Each client sends its next activity as soon as the last is answered, and goes on after the signal
  // on its kept-alive socket until the server refuses (503) or is gone.
  const client = async (user: number, index: number) => {
    for (let n = 0; ; n += 1) {
      const name = `u${user}-c${index}-${n}`;
      const sentAfterSignal = signalled;
      inFlight += 1;
      const answer = await send(server.port, '/api/user/activity/log', { agent, method: 'POST', headers: json(tokens[user]), body: JSON.stringify({ name: 'Other', otherName: name, movingTime: 1 + (n % 30), startTime: today }) })
        .catch((error: Error) => error.message)
        .finally(() => (inFlight -= 1));
      if (typeof answer === 'string') {
        if (sentAfterSignal) cut.add(name);
        else failures.push(`${name}: ${answer}`); // in flight at the signal: it must be answered
        return;
      }
      statuses.push(answer.status);
      (answer.status >= 200 && answer.status < 300 ? acknowledged : refused).add(name);
      if (answer.status === 503) return;
    }
  };
  const clients = Array.from({ length: USERS * CLIENTS_PER_USER }, (_, index) => client(index % USERS, index));
  while (acknowledged.size < 60) await new Promise((resolve) => setTimeout(resolve, 10));

  // Activities the server is still reading when the signal comes, on sockets of their own.
  const slowAgent = new Agent({ keepAlive: true, maxSockets: USERS });
  const slow = tokens.map((token, user) => ({ name: `u${user}-slow`, ...halfSentPost(server.port, slowAgent, '/api/user/activity/log', { name: 'Other', otherName: `u${user}-slow`, movingTime: 45, startTime: today }, { authorization: `Bearer ${token}` }) }));
  // In the server's hands (headers read), not only sent: then the signal.
  await Promise.all(slow.map((upload) => upload.received));

  const signalledAt = Date.now();
  const inFlightAtSignal = inFlight + slow.length;
  signalled = true;
  server.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const upload of slow) upload.finish();
  await Promise.all(clients);
  for (const { name, answer } of slow) {
    const outcome = await answer;
    if (typeof outcome === 'string') failures.push(`${name}: ${outcome}`);
    else {
      statuses.push(outcome);
      (outcome >= 200 && outcome < 300 ? acknowledged : refused).add(name);
    }
  }
  const { code } = await server.exited;
  const tookMs = Date.now() - signalledAt;
  agent.destroy();
  slowAgent.destroy();
  expect(inFlightAtSignal).toBeGreaterThan(0);
  expect(failures).toEqual([]);
  expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
  expect(code).toBe(0);
  expect(tookMs).toBeLessThan(5000);

  const again = await startServer(dataDir, true);
  running.push(again);
  await waitReady(again);
  const adminToken = await signIn(again.port, 'admin@localhost', adminPassword!);
  const stored = new Set<string>();
  for (let user = 0; user < USERS; user += 1) {
    const token = await signIn(again.port, `stop${user}@example.com`, 'long enough password');
    const month = await send(again.port, `/api/user/activity?startDate=${today.slice(0, 8)}01&endDate=${today}`, { headers: json(token) });
    expect(month.status, month.body).toBe(200);
    const activities = (JSON.parse(month.body) as { activities: { title: string; movingTime: number }[] }).activities;
    for (const activity of activities) stored.add(activity.title);
    const leaders = await send(again.port, `/api/leaders?search=stop${user}%40example.com`, { headers: json(adminToken) });
    expect(leaders.status, leaders.body).toBe(200);
    const [row] = (JSON.parse(leaders.body) as { rows: { monthlyPoints: number }[] }).rows;
    expect(row?.monthlyPoints).toBe(activities.reduce((sum, activity) => sum + activity.movingTime, 0));
  }
  again.child.kill('SIGTERM');
  expect((await again.exited).code).toBe(0);

  expect([...acknowledged].filter((name) => !stored.has(name))).toEqual([]);
  expect([...refused].filter((name) => stored.has(name))).toEqual([]);
  // Nothing stored that was never sent; a cut one may be there or not, but whole (the points above).
  expect([...stored].filter((name) => !acknowledged.has(name) && !refused.has(name) && !cut.has(name))).toEqual([]);
});
