import { Writable } from 'node:stream';
import { redactUrl, requestLogOptions } from '../../server/http/request-log';
import { createTestApp } from '../server/helpers/test-app';

/** docs/security.md#files-headers-and-logs: no secret of a link reaches the log, whatever its parameter is called. */

const logLines = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
};

describe('request logs redact secret query values', () => {
  test('invitation, reset, OAuth and webhook secrets are [redacted] in the logged line; paging stays readable', async () => {
    const { lines, stream } = logLines();
    const ctx = await createTestApp({ logger: { ...requestLogOptions('info'), stream } });
    const secrets = ['inv-SECRET-1', 'reset-SECRET-2', 'code-SECRET-3', 'state-SECRET-4', 'verify-SECRET-5'];
    await ctx.app.inject({ method: 'GET', url: `/signup?invitation=${secrets[0]}` });
    await ctx.app.inject({ method: 'GET', url: `/api/access/invitation?token=${secrets[0]}` });
    await ctx.app.inject({ method: 'GET', url: `/api/auth/forgot-password?TOKEN=${secrets[1]}` });
    await ctx.app.inject({ method: 'GET', url: `/trackers/callback?code=${secrets[2]}&state=${secrets[3]}` });
    await ctx.app.inject({ method: 'GET', url: `/api/trackers/strava/webhook?hub.mode=subscribe&hub.verify_token=${secrets[4]}&hub.challenge=x` });
    await ctx.app.inject({ method: 'GET', url: '/api/access/invitations?page=2&pageSize=20' });
    await ctx.app.close();
    const requestLines = lines.filter((line) => line.includes('"url"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(6);
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
    expect(requestLines.some((line) => line.includes('/signup?invitation=[redacted]'))).toBe(true);
    expect(requestLines.some((line) => line.includes('/api/access/invitations?page=2&pageSize=20'))).toBe(true);
  });

  test('a parameter nobody listed is redacted (a future secret), an encoded name too', () => {
    expect(redactUrl('/x?newSecret=abc&page=1#frag=secret')).toBe('/x?newSecret=[redacted]&page=1');
    expect(redactUrl('/x?%69nvitation=abc')).toBe('/x?%69nvitation=[redacted]');
    expect(redactUrl('/x?a=1&a=2&flag')).toBe('/x?a=[redacted]&a=[redacted]&flag');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});
