/** A restore that would overwrite data, or an archive this program cannot load: one sentence for the operator. */
export class RestoreRefused extends Error {}
