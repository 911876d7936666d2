import { httpClient, median, quantile } from '../writes/http-client';

export type BackgroundWriteFigures = { writes: number; perSecond: number; p50: number; p99: number; errors: number };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The load model's write traffic beside the reads being measured (docs/load-model.md: evening
 * logging 10/s and tracker imports 4/s): `perSecond` writes, paced, not as fast as answers come,
 * spread over the given employees: each logs an activity for today and deletes it on its next
 * turn, so the tables keep their size. `stop()` ends the loop and returns the writes' latencies.
 */
export const startBackgroundWrites = (address: string, tokens: string[], perSecond: number) => {
  const client = httpClient(`${address}/`, 8);
  const latencies: number[] = [];
  const logged = new Map<string, number>();
  let errors = 0;
  let turn = 0;
  const started = performance.now();
  const writeOnce = async () => {
    const token = tokens[turn % tokens.length]!;
    turn += 1;
    const begin = performance.now();
    try {
      const id = logged.get(token);
      if (id !== undefined) {
        logged.delete(token);
        const answer = await client.call('DELETE', `/user/activity/${id}`, token);
        if (answer.status !== 204) errors += 1;
      } else {
        const answer = await client.call('POST', '/user/activity/log', token, {
          name: 'Walking',
          movingTime: 1 + (turn % 60),
          startTime: `${today()}T18:00:00.000Z`,
        });
        if (answer.status === 201) logged.set(token, (JSON.parse(answer.body) as { id: number }).id);
        else errors += 1;
      }
    } catch {
      errors += 1;
    }
    latencies.push(performance.now() - begin);
  };
  const timer = setInterval(() => void writeOnce(), 1000 / perSecond);
  return {
    stop: async (): Promise<BackgroundWriteFigures> => {
      clearInterval(timer);
      // Leave nothing behind: the activities still logged are deleted.
      await Promise.all([...logged].map(([token, id]) => client.call('DELETE', `/user/activity/${id}`, token).catch(() => undefined)));
      client.close();
      const seconds = (performance.now() - started) / 1000;
      return {
        writes: latencies.length,
        perSecond: Math.round(latencies.length / seconds),
        p50: median(latencies),
        p99: quantile(latencies, 0.99),
        errors,
      };
    },
  };
};
