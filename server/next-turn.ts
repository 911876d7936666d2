/**
 * Runs `task` once the current turn of the event loop is over: Node's setImmediate (after the I/O
 * poll, no timer clamp); browsers have no setImmediate and take a zero timeout instead.
 */
export const nextTurn: (task: () => void) => void =
  typeof globalThis.setImmediate === 'function' ? (task) => void globalThis.setImmediate(task) : (task) => void setTimeout(task, 0);
