/** Where an employee's device store lives (localStorage), one key per user id. */
export const storeKeyOf = (userId: number) => `wellness.cache.${userId}`;

export const hasStore = (userId: number) => {
  try {
    return localStorage.getItem(storeKeyOf(userId)) !== null;
  } catch {
    return false;
  }
};
