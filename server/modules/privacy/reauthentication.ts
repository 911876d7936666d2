import { RECENT_SIGN_IN_MINUTES, passwordIncorrect, passwordMissing, recentSignInRequired } from '@/domain/privacy';
import type { AuthUser } from '../../http/access-token';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { privacyRepo } from './repo';

/**
 * Confirms that the person at the keyboard is the account's owner before an irreversible act
 * (docs/security.md#re-authentication). Accounts with a password type it again. Accounts without
 * one (single sign-on) must have signed in within the last minutes instead: `signedInRecently`
 * is the plug-in point for that check. A sign-in is a refresh family (`sid` of the access token),
 * started when the person signed in and kept through every refresh; a provider sign-in that
 * starts a family the same way passes it without any change here.
 */
export type IdentityCheck = (caller: AuthUser, password: string | undefined) => Promise<void>;

/** Whether the caller's sign-in (refresh family) began within `RECENT_SIGN_IN_MINUTES`. */
export const signedInRecently = async (db: DbOrTx, caller: AuthUser, now: Date) => {
  if (!caller.sid) return false;
  const since = new Date(now.getTime() - RECENT_SIGN_IN_MINUTES * 60_000);
  const first = await privacyRepo(db).signInStartedAt(caller.id, caller.sid);
  return first !== null && first >= since && first <= now;
};

/** An account can sign in with a password unless it has none (created by single sign-on). */
const hasPassword = (passwordHash: string | null) => typeof passwordHash === 'string' && passwordHash.length > 0;

/**
 * Where passwords are switched off (PASSWORD_SIGNIN=false) nobody is asked for one: a recent
 * sign-in through the identity provider is the check for every account.
 */
export const identityCheck =
  ({ db, clock, config, passwords }: Pick<AppDeps, 'db' | 'clock' | 'config' | 'passwords'>): IdentityCheck =>
  async (caller, password) => {
    const passwordHash = await privacyRepo(db).passwordHashOf(caller.id);
    if (config.passwordSignin && hasPassword(passwordHash)) {
      if (!password) throw passwordMissing();
      if (!(await passwords.verify(passwordHash!, password))) throw passwordIncorrect();
      return;
    }
    if (!(await signedInRecently(db, caller, clock.now()))) throw recentSignInRequired();
  };
