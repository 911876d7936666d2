import { execFileSync } from 'node:child_process';

/**
 * A per-statement profile of a phase of a benchmark on the scratch PostgreSQL started with
 * BENCH_PG_STATEMENTS=1 (pg_stat_statements tracking nested statements: the ones inside SQL
 * functions too). `reset()` before the phase, `print(divisor)` after: the statements by total
 * execution time, each as milliseconds per unit of work (e.g. per write).
 */
export const statementProfile = (databaseUrl: string) => {
  const enabled = process.env.BENCH_PG_STATEMENTS === '1';
  const psql = (query: string) => execFileSync('psql', [databaseUrl, '-X', '-q', '-A', '-F', ' | ', '-t', '-c', query], { encoding: 'utf8' });
  if (enabled) psql('create extension if not exists pg_stat_statements');
  return {
    reset: () => {
      if (enabled) psql('select pg_stat_statements_reset()');
    },
    print: (perUnit: number, unit: string) => {
      if (!enabled) return;
      const rows = psql(
        `select round((total_exec_time / ${perUnit})::numeric, 3), calls, toplevel, left(regexp_replace(query, '\\s+', ' ', 'g'), 140)
           from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
          order by total_exec_time desc limit 25`,
      );
      console.info(`[bench] statements by execution time, ms per ${unit} | calls | top level | statement\n${rows}`);
    },
  };
};
