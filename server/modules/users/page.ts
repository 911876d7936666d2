/** A page of a list as SQL reads it. */
export type Page = { limit: number; offset: number };
export const pageOf = (page: number, pageSize: number): Page => ({ limit: pageSize, offset: (page - 1) * pageSize });
