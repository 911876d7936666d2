import type { Mailer } from '@/domain/mail';
import { mockOutbox } from '../outbox';

/**
 * The server's Mailer in mock mode: every mail the server's jobs send lands in QA's outbox
 * (`window.__wellnessMocks.outbox`, mocks/outbox.ts), with its link and token picked out.
 */
export const outboxMailer = (outbox: Pick<typeof mockOutbox, 'send'> = mockOutbox): Mailer => ({
  send: async (message) => {
    outbox.send(message);
  },
});
