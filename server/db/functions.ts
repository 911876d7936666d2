import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Replaceable SQL (functions of the read-model triggers), applied on every start after the
 * migrations, in this order, as one multi-statement script (one implicit transaction). Committed
 * migrations never change: a fix to one of these functions is an edit of its file here.
 */
export const FUNCTION_FILES = ['score-years.sql', 'month-views.sql', 'leaders-top.sql', 'feed-entries.sql', 'score-year-counts.sql', 'user-search.sql', 'score-year-words.sql', 'insights.sql'] as const;

const folder = fileURLToPath(new URL('./functions/', import.meta.url));

export const replaceableSql = () => FUNCTION_FILES.map((file) => readFileSync(folder + file, 'utf8')).join('\n');

/** `exec` runs a multi-statement script without parameters (PGlite `exec`, pg simple query). */
export const applyReplaceableSql = async (exec: (script: string) => Promise<unknown>) => {
  await exec(replaceableSql());
};
