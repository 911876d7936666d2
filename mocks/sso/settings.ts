/**
 * Single sign-on in mock mode (mocks/README.md): off by default, like a server without OIDC_ISSUER.
 * QA turns it on with `?mockSso=Acme%20SSO` (the button's label), chooses who the simulated
 * provider signs in with `&mockSsoEmail=new.person@wellness.test` (`&mockSsoVerified=false` for an
 * unverified address) and switches passwords off with `&mockPasswordSignin=false`; or
 * `window.__wellnessMocks.sso.set({ label: 'Acme SSO', email: '...', passwordSignin: false })`.
 * Kept in localStorage `wellness.mockSso` until changed.
 */
export const SSO_STORAGE_KEY = 'wellness.mockSso';

export type MockSsoIdentity = { email: string; emailVerified: boolean; givenName: string; familyName: string };
export type MockSsoSettings = { label: string | null; identity: MockSsoIdentity; passwordSignin: boolean };

/** The fixture employee: the button signs an existing account in until QA picks another address. */
const DEFAULT_IDENTITY: MockSsoIdentity = { email: 'bea@wellness.test', emailVerified: true, givenName: 'Bea', familyName: 'Beginner' };
const defaults = (): MockSsoSettings => ({ label: null, identity: { ...DEFAULT_IDENTITY }, passwordSignin: true });

const storage = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

let current = defaults();

const load = (): MockSsoSettings => {
  try {
    const stored = JSON.parse(storage()?.getItem(SSO_STORAGE_KEY) ?? 'null') as MockSsoSettings | null;
    if (stored && typeof stored.passwordSignin === 'boolean' && stored.identity) return stored;
  } catch {
    storage()?.removeItem(SSO_STORAGE_KEY);
  }
  return current;
};

/** A name part from an address: `new.person@...` becomes New / Person. */
const namesFromEmail = (email: string) => {
  const [first = '', last = ''] = email.split('@')[0]!.split(/[._-]/).map((part) => part.charAt(0).toUpperCase() + part.slice(1));
  return { givenName: first, familyName: last };
};

type Change = { label?: string | null; email?: string; emailVerified?: boolean; givenName?: string; familyName?: string; passwordSignin?: boolean };

export const mockSso = {
  settings: (): MockSsoSettings => load(),
  set: (change: Change) => {
    const before = load();
    const email = change.email?.trim().toLowerCase();
    const identity: MockSsoIdentity = email
      ? { email, emailVerified: change.emailVerified ?? true, ...namesFromEmail(email), ...(change.givenName ? { givenName: change.givenName } : {}), ...(change.familyName ? { familyName: change.familyName } : {}) }
      : { ...before.identity, ...(change.emailVerified === undefined ? {} : { emailVerified: change.emailVerified }) };
    const label = change.label === undefined ? before.label : change.label;
    // Passwords off needs a way in: like the server, only with single sign-on configured.
    const passwordSignin = label === null ? true : (change.passwordSignin ?? before.passwordSignin);
    current = { label, identity, passwordSignin };
    storage()?.setItem(SSO_STORAGE_KEY, JSON.stringify(current));
  },
  reset: () => {
    current = defaults();
    storage()?.removeItem(SSO_STORAGE_KEY);
  },
  /** Reads `?mockSso=`, `?mockSsoEmail=`, `?mockSsoVerified=` and `?mockPasswordSignin=` (browser start-up). */
  applyUrl: (search: string) => {
    const params = new URLSearchParams(search);
    const label = params.get('mockSso');
    const email = params.get('mockSsoEmail');
    const verified = params.get('mockSsoVerified');
    const passwords = params.get('mockPasswordSignin');
    if (label === null && email === null && verified === null && passwords === null) return;
    mockSso.set({
      ...(label === null ? {} : { label: label === '' || label === 'off' ? null : label }),
      ...(email ? { email } : {}),
      ...(verified === null ? {} : { emailVerified: verified !== 'false' }),
      ...(passwords === null ? {} : { passwordSignin: passwords !== 'false' }),
    });
  },
};
