import { sql } from 'drizzle-orm';
import { Gauge, Histogram, Registry } from 'prom-client';
import { apiTypes, OperatorFault } from '@/contract/trackers';
import type { Clock } from '@/domain/clock';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { providerBudgets } from '../db/schema';
import { openOperatorFault, providerOverview } from '../modules/trackers/repo';

export type PoolUsage = () => { total: number; idle: number; waiting: number };

const WINDOW_MS = { '15min': 15 * 60_000, day: 86_400_000 } as const;

/**
 * The metrics of one app: request rate and latency per route pattern and status, and gauges read
 * from the database at scrape time (jobs waiting per name, provider budget left, pool in use).
 */
export const appMetrics = (db: Db, clock: Clock, poolUsage?: PoolUsage) => {
  const registry = new Registry();

  const requests = new Histogram({
    name: 'wellness_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: _count is the request rate, buckets the latency.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'wellness_job_queue_depth',
    help: 'Jobs per name and state (created, retry, active) in the shared queue.',
    labelNames: ['job', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const exists = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('pgboss.job') is not null as present`));
      if (!exists[0]?.present) return;
      const rows = rowsOf<{ name: string; state: string; count: number }>(
        await db.execute(sql`select name, state::text as state, count(*)::int as count from pgboss.job where state in ('created', 'retry', 'active') group by name, state`),
      );
      for (const row of rows) this.set({ job: row.name, state: row.state }, Number(row.count));
    },
  });

  new Gauge({
    name: 'wellness_provider_budget_left',
    help: "Calls left in the provider's current rate-limit window (15min, day), as the provider last reported.",
    labelNames: ['provider', 'window'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const now = clock.now().getTime();
      for (const row of await db.select().from(providerBudgets)) {
        const current = row.windowStart.getTime() + WINDOW_MS[row.window] > now;
        this.set({ provider: row.provider, window: row.window }, current ? Math.max(0, row.limit - row.used) : row.limit);
      }
    },
  });

  new Gauge({
    name: 'wellness_tracker_needs_administrator',
    help: "1 for the set-up fault a provider is paused for (the admin tracker panel's 'Needs the administrator'), 0 for the others.",
    labelNames: ['provider', 'reason'] as const,
    registers: [registry],
    async collect() {
      // Every provider and reason, 0 or 1: an alert on `== 1` needs no absent series.
      for (const provider of apiTypes) {
        const paused = await openOperatorFault(db, provider, clock.now());
        for (const reason of OperatorFault.options) this.set({ provider, reason }, paused?.reason === reason ? 1 : 0);
      }
    },
  });

  new Gauge({
    name: 'wellness_tracker_connections',
    help: 'Tracker connections per provider and state (connected, reconnect_needed): the athletes a provider counts against its cap.',
    labelNames: ['provider', 'state'] as const,
    registers: [registry],
    async collect() {
      for (const provider of apiTypes) {
        const overview = await providerOverview(db, provider, clock.now());
        this.set({ provider, state: 'connected' }, overview.connected);
        this.set({ provider, state: 'reconnect_needed' }, overview.reconnectNeeded);
      }
    },
  });

  new Gauge({
    name: 'wellness_db_pool_connections',
    help: 'Database connections of this process by state (in_use, idle, waiting); the embedded database reports one in-process connection.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const usage = poolUsage?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ state: 'in_use' }, usage.total - usage.idle);
      this.set({ state: 'idle' }, usage.idle);
      this.set({ state: 'waiting' }, usage.waiting);
    },
  });

  return {
    registry,
    observeRequest: (method: string, route: string, statusCode: number, seconds: number) => requests.observe({ method, route, status_code: String(statusCode) }, seconds),
  };
};
