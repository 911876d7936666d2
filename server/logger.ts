/**
 * The logging that services need, whichever host runs them: Fastify's pino logger in Node, the
 * browser host's console. Pino's call shapes: a message, or fields (`{ err }`) and a message.
 */
export type LogFn = {
  (message: string): void;
  (fields: object, message?: string): void;
};

export type Logger = { debug: LogFn; info: LogFn; warn: LogFn; error: LogFn };
