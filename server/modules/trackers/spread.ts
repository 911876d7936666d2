/** Seconds to wait before the i-th of `count` jobs so they spread evenly over `periodSeconds` (the safety net's visits). */
export const spreadSeconds = (index: number, count: number, periodSeconds: number) => (count <= 1 ? 0 : Math.floor((index * periodSeconds) / count));
