import type { Role } from '@/contract/common';
import type { AppConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { signAccessToken } from '../../server/http/access-token';
import { createRefreshSession } from '../../server/modules/auth/sessions';

/**
 * An access token of a real sign-in, as POST /api/auth/signin gives one: a refresh family is opened
 * for `person` and the token names it (`sid`). Every access token must name a live sign-in
 * (server/http/session-liveness.ts), so tests and benchmarks that skip the sign-in use this.
 */
export const signedInToken = async (db: Db, config: AppConfig, person: { id: number; role: Role }, now: Date, ttlSeconds = 900) =>
  signAccessToken({ id: person.id, role: person.role, sid: await openSignIn(db, config, person.id, now) }, config.jwtSecret, now, ttlSeconds);

/** A new sign-in (refresh family) of the user; its id, which access tokens name as `sid`. */
export const openSignIn = async (db: Db, config: AppConfig, userId: number, now: Date) =>
  (await createRefreshSession({ db, clock: { now: () => now }, config }, db, userId, now, 'password')).familyId;

const signIns = new WeakMap<object, Map<number, Promise<string>>>();

/**
 * One sign-in per person and test app (`owner`: the app's context), so tests that compare the
 * whole database before and after a call see no session row appear; each call still gets a token
 * valid at the app's clock.
 */
export const tokenOfSignIn = async (owner: { db: Db; config: AppConfig; clock: { now: () => Date } }, person: { id: number; role: Role }) => {
  let people = signIns.get(owner);
  if (!people) signIns.set(owner, (people = new Map()));
  let sid = people.get(person.id);
  if (!sid) people.set(person.id, (sid = openSignIn(owner.db, owner.config, person.id, owner.clock.now())));
  return signAccessToken({ id: person.id, role: person.role, sid: await sid }, owner.config.jwtSecret, owner.clock.now(), 900);
};
