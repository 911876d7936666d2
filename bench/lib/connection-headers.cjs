/**
 * autocannon's setupClient for load from many callers (bench/lib/load.ts): it runs in autocannon's
 * worker thread, so it is a file, not a function. Connection n sends the n-th header set of
 * BENCH_CONNECTION_HEADERS (a JSON list, set before the worker starts), round robin: a load of many
 * signed-in employees at once instead of one employee on every connection.
 */
const headerSets = JSON.parse(process.env.BENCH_CONNECTION_HEADERS ?? '[]');
let next = 0;

module.exports = (client) => {
  if (headerSets.length === 0) return;
  client.setHeaders(headerSets[next % headerSets.length]);
  next += 1;
};
