import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { purgeOutboxOf } from './outbox-purge';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { AppConfig } from '../config';
import type { Mailer, MailMessage } from '@/domain/mail';
import { maskEmail } from './mask-email';

type Log = { info: (object: object, message: string) => void };

/** nodemailer loads with the first mail, not at every start; the transport is made once. */
const lazyTransport = (create: (mailer: typeof nodemailer) => Transporter) => {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then((loaded) => create(loaded.default)));
};

/** SMTP when SMTP_URL is set. */
export const smtpMailer = (smtpUrl: string, from: string): Mailer => {
  const transport = lazyTransport((mailer) => mailer.createTransport(smtpUrl));
  return {
    send: async (message: MailMessage) => {
      await (await transport()).sendMail({ from, ...message });
    },
  };
};

/** RFC 5322 allows lines of up to 998 characters; a part with longer ones keeps nodemailer's encoding. */
const MAX_LINE = 998;

/**
 * A text part as written (8bit, not quoted-printable), so `cat` on the .eml shows the link whole
 * instead of cut by soft line breaks ('=' at 76 characters) and with '=3D' for '='.
 */
const readablePart = (contentType: string, content: string): string =>
  content.split(/\r?\n/).every((line) => line.length <= MAX_LINE)
    ? // nodemailer takes a part's `raw` source (headers and body) as it is; its types only name content and path.
      ({ raw: `Content-Type: ${contentType}; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n${content}` } as unknown as string)
    : content;

/**
 * Without SMTP: each message becomes an .eml file in DATA_DIR/outbox, its text readable as it is
 * (open it or `cat` it and follow the link). Only the file path and the recipient are logged: the
 * message holds a reset token, which must never reach the logs.
 */
export const outboxMailer = (dataDir: string, from: string, log: Log): Mailer => {
  const transport = lazyTransport((mailer) => mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  const outbox = join(dataDir, 'outbox');
  return {
    send: async (message: MailMessage) => {
      const { text, html, ...headers } = message;
      const info = await (await transport()).sendMail({ from, ...headers, text: readablePart('text/plain', text), ...(html === undefined ? {} : { html: readablePart('text/html', html) }) });
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ file, to: maskEmail(message.to) }, 'mail written to the outbox (no SMTP_URL set)');
    },
    forget: (email) => purgeOutboxOf(dataDir, email),
  };
};

export const createMailer = (config: AppConfig, log: Log): Mailer =>
  config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(config.dataDir, config.mailFrom, log);
