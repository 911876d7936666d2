import type { FastifyBaseLogger } from 'fastify';

const quiet = () => undefined;

/** The mock host's log: errors to the console (QA sees what broke), the rest kept quiet. */
export const consoleLogger = (): FastifyBaseLogger => {
  const logger = {
    level: 'error',
    fatal: (...args: unknown[]) => console.error('[mock api]', ...args),
    error: (...args: unknown[]) => console.error('[mock api]', ...args),
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
};
