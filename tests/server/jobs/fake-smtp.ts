import { createServer, type Socket } from 'node:net';

/**
 * A minimal SMTP server as RFC 5321 describes the exchange (220 greeting, EHLO/HELO, MAIL FROM,
 * RCPT TO, DATA ending in <CRLF>.<CRLF>, RSET, NOOP, QUIT). `failNext(n)` answers the next n
 * messages' DATA with `451 4.3.0` (a temporary failure: the sender should try again later), as a
 * mail server that is overloaded or greylisting does.
 */
export const startFakeSmtp = async () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let failures = 0;
  let rejected = 0;
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp.test ESMTP ready');

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') return socket.write('250-fake.smtp.test greets you\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
      if (verb === 'HELO') return reply('250 fake.smtp.test');
      if (verb === 'MAIL') {
        from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        to = [];
        return reply('250 2.1.0 Ok');
      }
      if (verb === 'RCPT') {
        to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        return reply('250 2.1.5 Ok');
      }
      if (verb === 'DATA') {
        if (!from || to.length === 0) return reply('503 5.5.1 Bad sequence of commands');
        inData = true;
        return reply('354 End data with <CR><LF>.<CR><LF>');
      }
      if (verb === 'RSET') {
        from = '';
        to = [];
        return reply('250 2.0.0 Ok');
      }
      if (verb === 'NOOP') return reply('250 2.0.0 Ok');
      if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        return socket.end();
      }
      return reply('502 5.5.2 Command not recognized');
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (failures > 0) {
            failures -= 1;
            rejected += 1;
            reply('451 4.3.0 Temporary failure, please try again later');
          } else {
            received.push({ from, to, data: data.replace(/\r\n\.\./g, '\r\n.') });
            reply('250 2.0.0 Ok: queued');
          }
          from = '';
          to = [];
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        command(line);
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages answered with 451 so far. */
    rejected: () => rejected,
    failNext: (count: number) => {
      failures = count;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
