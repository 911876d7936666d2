/** A setting that cannot work: the server refuses to start with this one sentence (server/index.ts). */
export class ConfigError extends Error {}
