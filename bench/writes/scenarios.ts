import { median, quantile, type HttpClient } from './http-client';

const today = () => new Date().toISOString().slice(0, 10);

const logBody = (minutes: number) => ({ name: 'Running', movingTime: minutes, startTime: `${today()}T06:00:00.000Z` });

export type SerialWrites = { log: { p50: number; p99: number }; remove: { p50: number; p99: number }; samples: number };

/**
 * One employee with a full year logs an activity and deletes it again, one call at a time: the
 * latency a user feels, with nothing else running. The first `warmUp` pairs are not counted.
 */
/** Serial pairs run first and not counted in the latencies. */
export const SERIAL_WARM_UP = 30;

export const serialWrites = async (client: HttpClient, token: string, pairs: number, warmUp = SERIAL_WARM_UP): Promise<SerialWrites> => {
  const logs: number[] = [];
  const removes: number[] = [];
  for (let index = 0; index < pairs + warmUp; index += 1) {
    let started = performance.now();
    const created = await client.call('POST', '/user/activity/log', token, logBody(1 + (index % 60)));
    const logMs = performance.now() - started;
    if (created.status !== 201) throw new Error(`log answered ${created.status}: ${created.body}`);
    const { id } = JSON.parse(created.body) as { id: number };
    started = performance.now();
    const removed = await client.call('DELETE', `/user/activity/${id}`, token);
    const removeMs = performance.now() - started;
    if (removed.status !== 204) throw new Error(`delete answered ${removed.status}: ${removed.body}`);
    if (index >= warmUp) {
      logs.push(logMs);
      removes.push(removeMs);
    }
  }
  return { log: { p50: median(logs), p99: quantile(logs, 0.99) }, remove: { p50: median(removes), p99: quantile(removes, 0.99) }, samples: pairs };
};

export type MixedLoad = { requests: number; perSecond: number; p50: number; p99: number; errors: number; writeP99: number; readP99: number };

/**
 * `connections` callers, each as fast as answers come: 80 % reads (40 % the month, 20 % top
 * leaders, 20 % the feed's first page), 20 % writes (logging an activity for today, or deleting
 * one the caller logged earlier, half and half), spread over the given employees. An error is any
 * answer other than the expected 2xx, or no answer. The first `warmUpSeconds` run the same load
 * unrecorded: all callers start at once, and that first burst (every caller's first request queued
 * behind the 49 others, on code paths not yet compiled) is not the steady state being measured.
 */
export const mixedLoad = async (client: HttpClient, tokens: string[], options: { connections: number; seconds: number; warmUpSeconds: number }): Promise<MixedLoad> => {
  const day = today();
  const monthStart = `${day.slice(0, 8)}01`;
  const monthEnd = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const reads = [`/user/activity?startDate=${monthStart}&endDate=${monthEnd}`, '/leaders/top', '/user/activity/feed?page=1'];
  const latencies: number[] = [];
  const writeLatencies: number[] = [];
  const readLatencies: number[] = [];
  let errors = 0;
  const started = performance.now() + options.warmUpSeconds * 1000;
  const deadline = started + options.seconds * 1000;

  const caller = async (index: number) => {
    const token = tokens[index % tokens.length]!;
    const mine: number[] = [];
    let turn = 0;
    while (performance.now() < deadline) {
      turn += 1;
      const dice = Math.random();
      const begin = performance.now();
      let ok: boolean;
      let write = false;
      try {
        if (dice < 0.8) {
          const path = dice < 0.4 ? reads[0]! : dice < 0.6 ? reads[1]! : reads[2]!;
          ok = (await client.call('GET', path, token)).status === 200;
        } else {
          write = true;
          if (mine.length > 0 && dice >= 0.9) {
            const id = mine.pop()!;
            ok = (await client.call('DELETE', `/user/activity/${id}`, token)).status === 204;
          } else {
            const answer = await client.call('POST', '/user/activity/log', token, logBody(1 + (turn % 60)));
            ok = answer.status === 201;
            if (ok) mine.push((JSON.parse(answer.body) as { id: number }).id);
          }
        }
      } catch {
        ok = false;
      }
      if (begin < started) continue; // warm-up
      const elapsed = performance.now() - begin;
      latencies.push(elapsed);
      (write ? writeLatencies : readLatencies).push(elapsed);
      if (!ok) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, index) => caller(index)));
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50: median(latencies),
    p99: quantile(latencies, 0.99),
    errors,
    writeP99: quantile(writeLatencies, 0.99),
    readP99: quantile(readLatencies, 0.99),
  };
};
