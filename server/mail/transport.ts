import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import type { Mailer, MailMessage } from '@/domain/mail';
import { maskEmail } from './mask-email';

type Log = { info: (object: object, message: string) => void };

/** SMTP when SMTP_URL is set. */
export const smtpMailer = (smtpUrl: string, from: string): Mailer => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message: MailMessage) => {
      await transport.sendMail({ from, ...message });
    },
  };
};

/**
 * Without SMTP: each message becomes an .eml file in DATA_DIR/outbox. Only the file path and the
 * recipient are logged: the message holds a reset token, which must never reach the logs.
 */
export const outboxMailer = (dataDir: string, from: string, log: Log): Mailer => {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = join(dataDir, 'outbox');
  return {
    send: async (message: MailMessage) => {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ file, to: maskEmail(message.to) }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
};

export const createMailer = (config: AppConfig, log: Log): Mailer =>
  config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(config.dataDir, config.mailFrom, log);
