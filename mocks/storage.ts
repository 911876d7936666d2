/** localStorage where there is one (browser, jsdom); null in plain Node (the contract suite): QA's switches then live in memory. */
export const pageStorage = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};
