/**
 * Where a start's time goes, for the log line the server writes once it listens: each phase is the
 * moment (ms since the process started, so Node's own start and `npm start`'s build check count)
 * at which it ended. Operators and the start-up benchmark read it to see which step grew.
 */
export type StartupPhases = { mark: (phase: string) => void; phases: () => Record<string, number> };

export const startupPhases = (): StartupPhases => {
  const ended: Record<string, number> = {};
  return {
    mark: (phase) => {
      ended[phase] = Math.round(process.uptime() * 1000);
    },
    phases: () => ({ ...ended }),
  };
};
