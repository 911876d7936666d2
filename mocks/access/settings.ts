import { OPEN_SIGNUP, parseEmailDomains, signupModes, type SignupMode, type SignupPolicy } from '@/domain/access-policy';
import { pageStorage } from '../storage';

/**
 * The sign-up policy of mock mode, which QA chooses without editing code (mocks/README.md):
 * `?mockSignup=domain&mockSignupDomains=acme.com`, `?mockSignup=invite`, `?mockSignup=open`, or
 * `window.__wellnessMocks.access.set({ signupMode: 'invite' })`. It stays until changed (kept in
 * localStorage `wellness.mockAccess`), like the server's SIGNUP_MODE stays until restarted.
 */
export const ACCESS_STORAGE_KEY = 'wellness.mockAccess';

/** QA's demo domain: the fixture users' own, so signing in keeps working in domain mode. */
export const DEFAULT_MOCK_DOMAINS = ['wellness.test'];

let current: SignupPolicy = OPEN_SIGNUP;

const isMode = (value: unknown): value is SignupMode => signupModes.includes(value as SignupMode);

const load = (): SignupPolicy => {
  try {
    const stored = JSON.parse(pageStorage()?.getItem(ACCESS_STORAGE_KEY) ?? 'null') as Partial<SignupPolicy> | null;
    if (stored && isMode(stored.signupMode))
      return { signupMode: stored.signupMode, emailDomains: Array.isArray(stored.emailDomains) ? stored.emailDomains.map(String) : [] };
  } catch {
    pageStorage()?.removeItem(ACCESS_STORAGE_KEY);
  }
  return current;
};

export const mockAccess = {
  policy: (): SignupPolicy => load(),
  /** Domain mode without domains falls back to the fixtures' domain (the server refuses to start that way). */
  set: (next: { signupMode: SignupMode; emailDomains?: readonly string[] }) => {
    if (!isMode(next.signupMode))
      throw new Error(`Unknown sign-up mode "${String(next.signupMode)}"; use one of ${signupModes.join(', ')}`);
    const domains = next.signupMode === 'domain' ? (next.emailDomains?.length ? [...next.emailDomains] : DEFAULT_MOCK_DOMAINS) : [];
    current = { signupMode: next.signupMode, emailDomains: domains };
    pageStorage()?.setItem(ACCESS_STORAGE_KEY, JSON.stringify(current));
  },
  reset: () => {
    current = OPEN_SIGNUP;
    pageStorage()?.removeItem(ACCESS_STORAGE_KEY);
  },
  /** Reads `?mockSignup=` and `?mockSignupDomains=` from a page URL (browser start-up). */
  applyUrl: (search: string) => {
    const params = new URLSearchParams(search);
    const mode = params.get('mockSignup');
    if (mode === null) return;
    if (!isMode(mode)) {
      console.warn(`[mocks] unknown ?mockSignup=${mode}; use one of ${signupModes.join(', ')}`);
      return;
    }
    mockAccess.set({ signupMode: mode, emailDomains: parseEmailDomains(params.get('mockSignupDomains') ?? undefined) });
  },
};
