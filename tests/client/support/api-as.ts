import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { API_BASE } from '../../../src/api/api-base';
import { fillPath, type Endpoint } from '../../../src/api/contract';
import { testConfig } from '../../../server/config';
import { users } from '../../../server/db/schema';
import { mockClock } from '../../../mocks/clock';
import { tokenFor } from '../../server/helpers/competition-seed';
import { clientHost } from './host';

type Input = { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown };
type Output<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : undefined;

/**
 * Arranges and checks data through the API as someone else than the app's signed-in person: an
 * access token the server's own signer makes for that account (a sign-in through fetch would put
 * its refresh cookie in the cookie store the app's session lives in). Throws on an error answer.
 */
export const apiAs = async (email: string) => {
  const db = await clientHost.db();
  const [account] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  if (!account) throw new Error(`apiAs: no account ${email}`);
  const token = await tokenFor(db, account, testConfig(), mockClock.now());
  return async <E extends Endpoint>(endpoint: E, input: Input = {}): Promise<Output<E>> => {
    const url = new URL(`${API_BASE}${fillPath(endpoint.path, input.params)}`);
    for (const [name, value] of Object.entries(input.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    if (endpoint.status === 201) headers['idempotency-key'] = crypto.randomUUID();
    const response = await fetch(url, { method: endpoint.method, headers, body: input.body === undefined ? undefined : JSON.stringify(input.body) });
    if (!response.ok) throw new Error(`${endpoint.method} ${url.pathname}: ${response.status} ${await response.text()}`);
    await clientHost.idle(); // the write's mails and jobs are done before the test goes on
    return (response.status === 204 || !endpoint.response ? undefined : endpoint.response.parse(await response.json())) as Output<E>;
  };
};

/** One account's row as the server stores it (for checks the API does not answer, e.g. another person's fields). */
export const accountRow = async (email: string) => {
  const [row] = await (await clientHost.db()).select().from(users).where(eq(users.email, email));
  return row;
};
