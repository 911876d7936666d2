/** One outgoing message. */
export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends mail; SMTP in production, .eml files in DATA_DIR/outbox otherwise, memory in tests. */
export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  /** Removes the copies of mails it keeps that name this address (the outbox folder), when it keeps any. */
  forget?: (email: string) => Promise<unknown>;
};

/** Keeps messages in memory, for tests that read the reset link back. */
export const memoryMailer = () => {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[] } = {
    sent,
    send: async (message) => {
      sent.push(message);
    },
  };
  return mailer;
};
