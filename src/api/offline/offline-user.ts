import type { User } from '../contract/users';

/**
 * The employee last signed in on this device, so a reload without a connection opens their
 * dashboard from the data kept on the device (docs/architecture.md#offline-logging). Only who it is:
 * no token. Forgotten on sign-out, and whenever the server says the session has ended.
 */
const OFFLINE_USER_KEY = 'wellness.offlineUser';

const storage = () => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export const rememberOfflineUser = (user: User) => {
  if (user.role !== 'user') return forgetOfflineUser();
  storage()?.setItem(OFFLINE_USER_KEY, JSON.stringify(user));
};

export const offlineUser = (): User | null => {
  try {
    const saved = storage()?.getItem(OFFLINE_USER_KEY);
    const user = saved ? (JSON.parse(saved) as User) : null;
    return user && typeof user.id === 'number' && user.role === 'user' ? user : null;
  } catch {
    return null;
  }
};

export const forgetOfflineUser = () => storage()?.removeItem(OFFLINE_USER_KEY);
