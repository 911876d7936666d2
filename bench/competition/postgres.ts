import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throw-away PostgreSQL 15 on a loopback port (STACK.md: it refuses to run as root, so initdb
 * and pg_ctl run as the postgres user). `stop()` shuts it down and deletes its folder.
 */
export const startScratchPostgres = (port: number) => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const data = join(dir, 'data');
  const asPostgres = (command: string, args: string[]) => {
    const isRoot = process.getuid?.() === 0;
    const result = isRoot ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  try {
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
    asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    // Sized for a 2-core box shared with the load generator; fsync off: a benchmark, not a store.
    // jit off: JIT compilation costs 20-30 ms per query whose estimate is high (correlated probes), far more than the query.
    // BENCH_PG_STATEMENTS=1: pg_stat_statements over nested statements too, for a per-statement profile (bench/lib/statement-profile.ts).
    const profile = process.env.BENCH_PG_STATEMENTS === '1' ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all' : '';
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -c max_connections=50 -c shared_buffers=256MB -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c jit=off -c unix_socket_directories=${dir}${profile}`;
    asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
    asPostgres('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'create database bench']);
  } catch (error) {
    spawnSync('runuser', ['-u', 'postgres', '--', 'pg_ctl', '-D', data, '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/bench`,
    stop: () => {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
};
