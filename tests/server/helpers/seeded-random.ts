/** A small deterministic generator in [0, 1), so a failing random sequence repeats. */
export const randomOf = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
