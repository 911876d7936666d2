import type { MailMessage } from '@/domain/mail';
import { mockClock } from './clock';

/** A mail the mocks "sent", with the reset link and token pulled out for QA and tests. */
export type MockMail = MailMessage & { sentAt: string; link: string | null; token: string | null };

const mails: MockMail[] = [];
/** Turned on by mocks/browser.ts; tests keep the console quiet. */
let logToConsole = false;

/**
 * Where the mocks deliver mail. In the browser it is `window.__wellnessMocks.outbox` and every mail
 * is also logged to the console (QA copies the reset link from there).
 */
export const mockOutbox = {
  all: (): readonly MockMail[] => mails,
  send: (message: MailMessage) => {
    const link =
      /https?:\/\/\S+\/(?:reset-password\?token|confirm-email\?token|signup\?invitation)=[^\s"<]+/.exec(message.text)?.[0] ?? null;
    const token = link
      ? decodeURIComponent(new URL(link).searchParams.get('token') ?? new URL(link).searchParams.get('invitation') ?? '') || null
      : null;
    const mail: MockMail = { ...message, sentAt: mockClock.now().toISOString(), link, token };
    mails.push(mail);
    if (logToConsole) {
      console.info(`[mocks] mail to ${mail.to}: ${mail.subject}${link ? `\n${link}` : ''}`);
    }
    return mail;
  },
  /** The newest mail to an address, if any. */
  latestTo: (email: string) => [...mails].reverse().find((mail) => mail.to === email.toLowerCase()) ?? null,
  logToConsole: (on: boolean) => {
    logToConsole = on;
  },
  clear: () => {
    mails.length = 0;
  },
};
