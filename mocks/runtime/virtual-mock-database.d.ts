/** Written by the mock database plugin (scripts/mock-db/vite-plugin.ts) in `--mode mock`. */
declare module 'virtual:mock-database' {
  export const mockDatabase: { url: string; key: string };
}
